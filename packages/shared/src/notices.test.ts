import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MESSAGE_SETTINGS,
  MessageSettingsSchema,
  NotifyFieldSchema,
  TEMPLATE_VARIABLES,
  countSms,
  coversNight,
  noticeLanguage,
  renderTemplate,
  unknownVariable,
} from './notices.js';

describe('countSms', () => {
  it('counts GSM-7 text as 160 in one message and 153 per part of a longer one', () => {
    expect(countSms('')).toMatchObject({ encoding: 'GSM-7', units: 0, parts: 0 });
    expect(countSms('a'.repeat(160))).toEqual({ encoding: 'GSM-7', characters: 160, units: 160, parts: 1, perPart: 160 });
    expect(countSms('a'.repeat(161))).toMatchObject({ parts: 2, perPart: 153 });
    expect(countSms('a'.repeat(306))).toMatchObject({ parts: 2 });
    expect(countSms('a'.repeat(307))).toMatchObject({ parts: 3 });
  });

  it('counts the extension characters as two', () => {
    expect(countSms('€[]{}')).toMatchObject({ encoding: 'GSM-7', characters: 5, units: 10, parts: 1 });
    expect(countSms(`${'a'.repeat(159)}€`)).toMatchObject({ units: 161, parts: 2 });
  });

  it('counts Bangla as UCS-2: 70 in one message, 67 per part', () => {
    const bangla = 'আপনার ভিসা আবেদন অনুমোদিত হয়েছে';
    expect(countSms(bangla)).toMatchObject({ encoding: 'UCS-2', units: bangla.length, parts: 1, perPart: 70 });
    expect(countSms('অ'.repeat(70))).toMatchObject({ parts: 1 });
    expect(countSms('অ'.repeat(71))).toMatchObject({ parts: 2, perPart: 67 });
    expect(countSms('অ'.repeat(134))).toMatchObject({ parts: 2 });
    expect(countSms('অ'.repeat(135))).toMatchObject({ parts: 3 });
    // One character outside GSM-7 makes the whole message UCS-2.
    expect(countSms(`${'a'.repeat(100)}✓`)).toMatchObject({ encoding: 'UCS-2', parts: 2 });
  });

  it("fits the default templates' English texts in GSM-7", () => {
    const values = {
      firstName: 'Karim',
      status: 'approved',
      officeName: 'Canada Visa Desk',
      officePhone: '+8801711000000',
      statusLink: 'https://visa.example.com/enquiry',
    };
    const text = renderTemplate(DEFAULT_MESSAGE_SETTINGS.sms.approved.en, values);
    expect(countSms(text).encoding).toBe('GSM-7');
  });
});

describe('templates', () => {
  it('knows only the five variables', () => {
    expect(unknownVariable('Dear {firstName}, {status} {officeName} {officePhone} {statusLink}')).toBeNull();
    for (const personal of ['passport', 'dob', 'surname', 'address', 'FirstName', '']) {
      expect(unknownVariable(`Hi {${personal}}`)).toBe(personal);
    }
    expect(TEMPLATE_VARIABLES).toEqual(['firstName', 'status', 'officeName', 'officePhone', 'statusLink']);
  });

  it('inserts values as they are, never reading them as a template', () => {
    const values = { firstName: '{status}', status: 'approved', officeName: 'O', officePhone: 'P', statusLink: 'L' };
    expect(renderTemplate('{firstName} is {status}', values)).toBe('{status} is approved');
  });

  it('refuses settings with an unknown variable or quiet hours that leave 00:00–08:00 open', () => {
    expect(MessageSettingsSchema.safeParse(DEFAULT_MESSAGE_SETTINGS).success).toBe(true);
    const bad = structuredClone(DEFAULT_MESSAGE_SETTINGS);
    bad.sms.pending.bn = 'পাসপোর্ট {passport}';
    expect(MessageSettingsSchema.safeParse(bad).success).toBe(false);
    expect(coversNight('21:00', '08:00')).toBe(true);
    expect(coversNight('00:00', '08:00')).toBe(true);
    expect(coversNight('22:00', '07:59')).toBe(false);
    expect(coversNight('01:00', '09:00')).toBe(false);
    expect(coversNight('08:00', '08:00')).toBe(false);
  });

  it('writes to Bangladeshi numbers in Bangla unless the office chose one language', () => {
    expect(noticeLanguage('auto', '+8801712345678')).toBe('bn');
    expect(noticeLanguage('auto', '+14165550100')).toBe('en');
    expect(noticeLanguage('en', '+8801712345678')).toBe('en');
  });
});

describe('NotifyFieldSchema', () => {
  it('reads a comma list in any order and answers it in the fixed order', () => {
    expect(NotifyFieldSchema.parse('whatsapp, SMS ,email')).toEqual(['email', 'sms', 'whatsapp']);
    expect(NotifyFieldSchema.parse('')).toEqual([]);
    expect(NotifyFieldSchema.safeParse('email,fax').success).toBe(false);
  });
});
