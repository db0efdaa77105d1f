import { describe, expect, it } from 'vitest';
import { DOCUMENT_REQUEST_SMS_MAX_PARTS, documentRequestSms } from './document-request-notices.js';
import { countSms } from './notices.js';

const TOKEN = 'Qm9vZ2llLXdvb2dpZS10b2tlbi1vZi00My1jaGFyc18';
const values = (firstName: string, link = `https://visa.example.com.bd/bn/documents#${TOKEN}`) => ({
  firstName,
  officeName: 'কানাডা ভিসা ডেস্ক',
  dueDate: '2026-12-05',
  link,
});

describe('the document link by SMS', () => {
  it('writes Bangla as UCS-2 within the part limit, the whole link last after a space', () => {
    const text = documentRequestSms('bn', values('রহিম'));
    const count = countSms(text);
    expect(count.encoding).toBe('UCS-2');
    expect(count.parts).toBeLessThanOrEqual(DOCUMENT_REQUEST_SMS_MAX_PARTS);
    expect(text.startsWith('প্রিয় রহিম, ')).toBe(true);
    expect(text.endsWith(` https://visa.example.com.bd/bn/documents#${TOKEN}`)).toBe(true);
    expect(text).toContain('৫ ডিসে, ২০২৬ তারিখের মধ্যে');
  });

  it('writes English as GSM-7', () => {
    const text = documentRequestSms('en', {
      ...values('Rahim', `https://visa.example.com/documents#${TOKEN}`),
      officeName: 'Canada Visa Desk',
    });
    expect(countSms(text)).toMatchObject({ encoding: 'GSM-7', parts: 2 });
    expect(text).toMatch(/^Dear Rahim, Canada Visa Desk needs documents from you by 5 Dec 2026\./);
    expect(text.endsWith(` https://visa.example.com/documents#${TOKEN}`)).toBe(true);
  });

  it('leaves out a first name that would push the text over the limit, and never cuts the link', () => {
    const long = 'মুহাম্মদআব্দুলরহিমউদ্দিনচৌধুরী'.repeat(4);
    const text = documentRequestSms('bn', values(long));
    expect(text).not.toContain(long);
    expect(countSms(text).parts).toBeLessThanOrEqual(DOCUMENT_REQUEST_SMS_MAX_PARTS);
    expect(text.endsWith(`#${TOKEN}`)).toBe(true);
    // A link too long for any limit is still sent whole.
    const huge = `https://visa.example.com/${'a'.repeat(400)}/documents#${TOKEN}`;
    expect(documentRequestSms('en', values('Rahim', huge)).endsWith(` ${huge}`)).toBe(true);
  });
});
