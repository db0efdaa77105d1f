import { Button } from 'react-bootstrap';
import { MONEY_WORDS as T } from '@visa/shared/money-words';
import { serverMessage } from '../../../lib/api-client';
import { useReceiptPdf, useSendReceipt } from '../api/money';

/**
 * A payment's receipt: its number, which downloads its PDF, and Send, which sends it to the
 * applicant through the channels they agreed to; each says how it went beside it. A reversed
 * payment's receipt is no longer valid: it still prints (saying so) but is not sent (ADR 0105).
 */
export function ReceiptActions({
  applicationId,
  receipt,
  reversed,
}: {
  applicationId: string;
  receipt: { id: string; number: string };
  reversed: boolean;
}) {
  const pdf = useReceiptPdf(applicationId);
  const send = useSendReceipt(applicationId);
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mt-1">
      <Button
        size="sm"
        variant="link"
        className="p-0"
        aria-label={T.receiptPdfLabel(receipt.number)}
        disabled={pdf.isPending}
        onClick={() => pdf.mutate(receipt.id)}
      >
        {T.receiptPdf(receipt.number)}
      </Button>
      {!reversed && (
        <Button
          size="sm"
          variant="outline-dark"
          aria-label={T.sendReceiptLabel(receipt.number)}
          disabled={send.isPending}
          onClick={() => send.mutate(receipt.id)}
        >
          {T.sendReceipt}
        </Button>
      )}
      <span role="status" className="small">
        {send.isSuccess && <span className="text-success">{T.receiptSent(receipt.number)}</span>}
        {send.isError && <span className="text-danger">{serverMessage(send.error) ?? T.receiptSendFailed}</span>}
        {pdf.isError && <span className="text-danger">{serverMessage(pdf.error) ?? T.receiptPdfFailed}</span>}
      </span>
    </div>
  );
}
