import { beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '@visa/shared/applications';
import { VALIDATION } from '@visa/shared/ui-texts';
import { addApplication, applicationFields, createApplication, multipart } from '@visa/test-support/applications';
import { up as phoneToE164 } from '../../src/db/migrations/20261123T140000-phone-e164.js';
import { appForFile } from '@visa/test-support/file-app';

const t = appForFile();
let token: string;
beforeAll(async () => {
  token = (await t.createStaff()).token;
});

const storedPhone = async (id: string) =>
  (await t.db.selectFrom('applications').select('phone').where('id', '=', id).executeTakeFirstOrThrow()).phone;

describe('phone numbers as people type them', () => {
  it('stores spaces, dashes, brackets, a leading + or 00, and national numbers as one E.164 number', async () => {
    for (const typed of ['01712-345678', '+880 1712 345678', '8801712345678', '(017) 1234-5678', '00880 1712 345678']) {
      const res = await addApplication(t, token, applicationFields({ phone: typed }));
      expect(res.statusCode, typed).toBe(201);
      const added = res.json<Application>();
      expect(added.phone, typed).toBe('+8801712345678');
      expect(await storedPhone(added._id)).toBe('+8801712345678');
    }
  });

  it('an edit normalises the number the same way, and a number abroad keeps its country', async () => {
    const added = (await addApplication(t, token)).json<Application>();
    const edit = (phone: string) =>
      t.request({
        method: 'PUT',
        url: `/api/application/updateApplication/${added._id}`,
        token,
        payload: multipart(applicationFields({ email: added.email, passport: added.passport, phone })),
      });
    expect((await edit('01812 345 678')).json<Application>().phone).toBe('+8801812345678');
    expect((await edit('+1 416 555 0199')).json<Application>().phone).toBe('+14165550199');
  });

  it.each(['01712-abc', '12345', '0171234567', 'call me', '+880 1712 345678 ext. 9'])(
    'refuses %j with the one phone message',
    async (phone) => {
      const res = await addApplication(t, token, applicationFields({ phone }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: VALIDATION.phone });
    },
  );

  it('the migration rewrites numbers typed before in E.164 where they are phone numbers, and leaves the rest as typed', async () => {
    const legacy = await createApplication(t.db, { phone: '8801712345678' });
    const national = await createApplication(t.db, { phone: '01912345678' });
    const odd = await createApplication(t.db, { phone: '123456' });
    const done = await createApplication(t.db, { phone: '+14165550199' });
    await phoneToE164(t.db);
    expect(await storedPhone(legacy.id)).toBe('+8801712345678');
    expect(await storedPhone(national.id)).toBe('+8801912345678');
    expect(await storedPhone(odd.id)).toBe('123456');
    expect(await storedPhone(done.id)).toBe('+14165550199');
  });
});
