import { beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from '@visa/shared/constants';
import { DEFAULT_MESSAGE_SETTINGS, NOTICE_FORM_TEXTS } from '@visa/shared/notices';
import { EMPTY_OFFICE_CONTACT } from '@visa/shared/office-contact';
import { setSetting } from '../../src/modules/kernel/settings/repository.js';
import { composeStatusNotice, statusNoticeValues } from '../../src/modules/domain/applicant-notices/texts.js';
import { type TextSetup, after, providers, setup, smsEnv, useTextProviders } from './text-fixtures.js';

/**
 * The office phone in the status texts (ADR 0070): SMS and WhatsApp cannot be turned on without
 * it, and texts sent while it is missing leave out the sentence that names it, never "call ." —
 * in each status and language.
 */

useTextProviders();

const MESSAGES = '/api/users/settings/messages';
const CONTACT = '/api/users/settings/office-contact';

describe('the office phone in status texts', () => {
  let s: TextSetup;
  let owner: string;
  const as = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    s.t.request({ method, url, token: owner, ...(payload ? { payload } : {}) });
  beforeAll(async () => {
    s = await setup(smsEnv(), { channels: { sms: false, whatsapp: false } });
    owner = (await s.t.createStaff('superadmin')).token;
  });

  it('refuses to turn SMS on without the office phone, says what is missing, changes nothing; once set, on; removed later, still editable', async () => {
    const view = (await as('GET', MESSAGES)).json();
    expect(view.office).toEqual({ phone: '', statusLink: `${s.t.config.publicUrl}/enquiry` });

    const refused = await as('PUT', MESSAGES, { ...view.settings, channels: { sms: true, whatsapp: false } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(NOTICE_FORM_TEXTS.officePhoneMissing);
    expect(refused.json().errors).toEqual([{ path: 'channels.sms', message: NOTICE_FORM_TEXTS.officePhoneMissing }]);
    expect((await as('GET', MESSAGES)).json().settings.channels.sms).toBe(false);

    expect((await as('PUT', CONTACT, { phone: '01711-223344' })).statusCode).toBe(200);
    const on = await as('PUT', MESSAGES, { ...view.settings, channels: { sms: true, whatsapp: false } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().office.phone).toBe('+8801711223344');

    expect((await as('PUT', CONTACT, { phone: '' })).statusCode).toBe(200);
    const edited = await as('PUT', MESSAGES, { ...on.json().settings, quietHours: { start: '20:00', end: '08:00' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().office.phone).toBe('');
  });

  it('writes every status in each language without the sentence that names a missing phone', () => {
    const link = 'https://desk.example.org/enquiry';
    const texts = APPLICATION_STATUSES.flatMap((status) =>
      (['+8801711000001', '+447700900001'] as const).map((to) => {
        const language = to.startsWith('+880') ? 'bn' : 'en';
        const values = statusNoticeValues(
          { givenName: 'Karim Uddin', status, language },
          { phone: '', publicUrl: 'https://desk.example.org' },
        );
        return [status, language, composeStatusNotice(DEFAULT_MESSAGE_SETTINGS, 'sms', to, values, status).text];
      }),
    );
    expect(texts).toEqual([
      ['pending', 'bn', `প্রিয় Karim, আপনার ভিসা আবেদন এখন প্রক্রিয়াধীন। দেখুন ${link}। কানাডা ভিসা ডেস্ক`],
      ['pending', 'en', `Dear Karim, your visa application is now pending. Check it at ${link}. Canada Visa Desk`],
      ['approved', 'bn', `প্রিয় Karim, আপনার ভিসা আবেদন অনুমোদিত হয়েছে। দেখুন ${link}। কানাডা ভিসা ডেস্ক`],
      ['approved', 'en', `Dear Karim, your visa application was approved. Check it at ${link}. Canada Visa Desk`],
      ['rejected', 'bn', `প্রিয় Karim, আপনার ভিসা আবেদন প্রত্যাখ্যাত হয়েছে। দেখুন ${link}। কানাডা ভিসা ডেস্ক`],
      ['rejected', 'en', `Dear Karim, your visa application was rejected. Check it at ${link}. Canada Visa Desk`],
    ]);
    for (const [, , text] of texts) expect(text).not.toMatch(/call|ফোন|\s[.।]/);
  });

  it('sends that text to the applicant when the phone was removed while SMS was on', async () => {
    await setSetting(s.t.db, 'messages', { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: true, whatsapp: false } }, null);
    await setSetting(s.t.db, 'officeContact', EMPTY_OFFICE_CONTACT, null);
    await s.signIn();
    const app = await s.applicant(['email', 'sms'], '+8801712000777');
    await s.act('Reject', app.id);
    await s.run(after(5));
    const text = providers().received.at(-1)!.form.get('message')!;
    expect(text).toBe(`প্রিয় Karim, আপনার ভিসা আবেদন প্রত্যাখ্যাত হয়েছে। দেখুন ${s.t.config.publicUrl}/enquiry। কানাডা ভিসা ডেস্ক`);
  });
});
