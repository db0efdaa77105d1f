import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE_SETTINGS } from '@visa/shared/notices';
import { SmsCounter, smsCountLabel } from './sms-counter';

const OFFICE = { phone: '+8801999000111', statusLink: 'https://desk.example.org/enquiry' };

describe('the SMS counter', () => {
  it('counts English as GSM-7, 160 in one SMS and 153 per part beyond', () => {
    expect(smsCountLabel('a'.repeat(160))).toBe('160 characters · GSM-7 · 1 SMS (160 per part)');
    expect(smsCountLabel('a'.repeat(161))).toBe('161 characters · GSM-7 · 2 SMS parts (153 per part)');
    expect(smsCountLabel('€'.repeat(80))).toBe('80 characters · GSM-7 · 1 SMS (160 per part)');
    expect(smsCountLabel('€'.repeat(81))).toBe('81 characters · GSM-7 · 2 SMS parts (153 per part)');
  });

  it('counts Bangla as UCS-2, 70 in one SMS and 67 per part beyond', () => {
    expect(smsCountLabel('অ'.repeat(70))).toBe('70 characters · UCS-2 · 1 SMS (70 per part)');
    expect(smsCountLabel('অ'.repeat(71))).toBe('71 characters · UCS-2 · 2 SMS parts (67 per part)');
  });

  it('previews the text with example values and counts the preview', () => {
    render(<SmsCounter id="c" template="প্রিয় {firstName}, আবেদন {status}" status="approved" language="bn" office={OFFICE} />);
    expect(screen.getByText('প্রিয় Karim, আবেদন অনুমোদিত')).toHaveAttribute('lang', 'bn');
    expect(screen.getByTestId('sms-count')).toHaveTextContent('28 characters · UCS-2 · 1 SMS (70 per part)');
  });

  it("fills each status with its own word and the office's own phone and address; no phone, no sentence naming it", () => {
    const { rerender } = render(
      <SmsCounter id="c" template={DEFAULT_MESSAGE_SETTINGS.sms.rejected.en} status="rejected" language="en" office={OFFICE} />,
    );
    expect(screen.getByText(/^Dear Karim/)).toHaveTextContent(
      'Dear Karim, your visa application was rejected. Check it at https://desk.example.org/enquiry. Please call +8801999000111. Canada Visa Desk',
    );
    rerender(
      <SmsCounter
        id="c"
        template={DEFAULT_MESSAGE_SETTINGS.sms.pending.bn}
        status="pending"
        language="bn"
        office={{ ...OFFICE, phone: '' }}
      />,
    );
    expect(screen.getByText(/^প্রিয় Karim/)).toHaveTextContent(
      'প্রিয় Karim, আপনার ভিসা আবেদন এখন প্রক্রিয়াধীন। দেখুন https://desk.example.org/enquiry। কানাডা ভিসা ডেস্ক',
    );
  });
});
