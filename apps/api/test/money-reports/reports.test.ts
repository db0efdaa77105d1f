import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerSchema } from '@visa/shared/money';
import { MONEY_REPORT_TEXTS } from '@visa/shared/money-reports';
import { createApplication } from '@visa/test-support/applications';
import { appForFile, staffForFile } from '@visa/test-support/file-app';
import { purgeFinancialRecords } from '../../src/modules/domain/money-reports/retention.js';

// The clock stands on 12 January 2027, 10:00 in Dhaka: fiscal year 2026-27.
const now = new Date('2027-01-12T04:00:00.000Z');
const t = appForFile({ APP_TIMEZONE: 'Asia/Dhaka' }, { now: () => now });
const clerk = staffForFile(t, 'admin', { name: 'Nadia Clerk' });
const owner = staffForFile(t, 'superadmin', { name: 'Owner' });

const money = (id: string) => `/api/application/money/${id}`;
const reports = '/api/application/money-reports';
const get = (url: string, token = owner.token) => t.request({ method: 'GET', url, token });
const add = async (id: string, payload: Record<string, unknown>) => {
  const res = await t.request({ method: 'POST', url: `${money(id)}/entries`, payload, token: clerk.token });
  expect(res.statusCode, res.body).toBe(200);
  return LedgerSchema.parse(res.json()).entries.at(-1)!;
};
const act = async (id: string, entryId: string, what: 'reversal' | 'refund', payload: Record<string, unknown>) => {
  const res = await t.request({ method: 'POST', url: `${money(id)}/entries/${entryId}/${what}`, payload, token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
};

let karim: string;
let erased: string;
let deleted: string;

beforeAll(async () => {
  const a = await createApplication(t.db, { given_name: 'Karim', surname: 'Rahman' });
  karim = a.id;
  await add(karim, { kind: 'charge', description: 'Service fee', amountMinor: 3_000_000, currency: 'BDT', occurredOn: '2027-01-02' });
  await add(karim, { kind: 'payment', method: 'bkash', amountMinor: 500_000, transactionId: '8N7A6D5EE7', occurredOn: '2027-01-05' });
  const cash = await add(karim, {
    kind: 'payment',
    method: 'cash',
    amountMinor: 1_000_000,
    occurredOn: '2027-01-12',
    description: 'Paid by his brother',
  });
  const cheque = await add(karim, { kind: 'payment', method: 'cheque', amountMinor: 200_000, reference: '=1+2', occurredOn: '2027-01-12' });
  await act(karim, cash.id, 'refund', { amountMinor: 100_000, reason: 'Overpaid', method: 'cash' });
  await act(karim, cheque.id, 'reversal', { reason: 'Cheque bounced' });

  const b = await createApplication(t.db, { given_name: 'Salma', surname: 'Begum' });
  erased = b.id;
  await add(erased, {
    kind: 'charge',
    description: 'Service fee for Salma',
    amountMinor: 60_000,
    currency: 'BDT',
    occurredOn: '2027-01-03',
  });
  await add(erased, { kind: 'payment', method: 'cash', amountMinor: 10_000, occurredOn: '2027-01-03', description: 'Salma paid' });
  const erase = await t.request({
    method: 'POST',
    url: `/api/application/eraseApplication/${erased}`,
    payload: { reason: 'Asked to be forgotten', confirmation: b.passport },
    token: owner.token,
  });
  expect(erase.statusCode, erase.body).toBe(200);

  deleted = (await createApplication(t.db, {})).id;
  await add(deleted, { kind: 'payment', method: 'nagad', amountMinor: 30_000, transactionId: '71D8TX3Q', occurredOn: '2026-12-20' });
  expect((await t.request({ method: 'DELETE', url: `/api/application/deleteApplication/${deleted}`, token: clerk.token })).statusCode).toBe(
    200,
  );
});

describe('money reports', () => {
  it('sums money in per day and month by method, net of refunds and reversals, for super-admins only', async () => {
    const daily = await get(`${reports}/daily`);
    expect(daily.statusCode, daily.body).toBe(200);
    expect(daily.json()).toEqual({
      from: '2027-01-01',
      to: '2027-01-12',
      rows: [
        { period: '2027-01-03', byMethod: { cash: 10_000 }, totalMinor: 10_000 },
        { period: '2027-01-05', byMethod: { bkash: 500_000 }, totalMinor: 500_000 },
        { period: '2027-01-12', byMethod: { cash: 900_000, cheque: 0 }, totalMinor: 900_000 },
      ],
      totals: { cash: 910_000, bkash: 500_000, cheque: 0 },
      totalMinor: 1_410_000,
    });
    const monthly = (await get(`${reports}/monthly`)).json();
    expect(monthly).toMatchObject({ fiscalYear: '2026-27', from: '2026-07-01', to: '2027-06-30', totalMinor: 1_440_000 });
    expect(monthly.rows.map((r: { period: string; totalMinor: number }) => [r.period, r.totalMinor])).toEqual([
      ['2026-12', 30_000],
      ['2027-01', 1_410_000],
    ]);
    expect((await get(`${reports}/tile`)).json()).toEqual({ date: '2027-01-12', todayMinor: 900_000, outstandingMinor: 1_650_000 });
    for (const url of [`${reports}/daily`, `${reports}/tile`, `${reports}/outstanding`, `${reports}/entries.csv`]) {
      expect((await get(url, clerk.token)).statusCode, url).toBe(403);
    }
  });

  it('refuses a bad range or fiscal year with its message', async () => {
    for (const [url, message] of [
      [`${reports}/daily?from=2027-01-10&to=2027-01-01`, MONEY_REPORT_TEXTS.rangeBackwards],
      [`${reports}/daily?from=2025-01-01&to=2027-01-01`, MONEY_REPORT_TEXTS.rangeTooLong],
      [`${reports}/daily?from=2027-02-30`, 'Please enter a valid date.'],
      [`${reports}/monthly?fiscalYear=2026-28`, 'A fiscal year is written as 2026-27.'],
      [`${reports}/entries.csv?from=2020-01-01`, MONEY_REPORT_TEXTS.rangeTooLong],
    ] as const) {
      const res = await get(url);
      expect([res.statusCode, res.json().message], url).toEqual([400, message]);
    }
  });

  it('lists who owes, largest first, an erased applicant under the marker and a deleted one as deleted', async () => {
    const res = await get(`${reports}/outstanding`);
    expect(res.json()).toEqual({
      applications: [
        { applicationId: karim, name: 'Karim Rahman', dueMinor: 1_600_000 },
        { applicationId: erased, name: 'Personal data erased', dueMinor: 50_000 },
      ],
      count: 2,
      totalMinor: 1_650_000,
      page: 1,
      totalPages: 1,
    });
  });

  it('gives the accountant one formula-safe CSV row per entry that moved money, in taka, with who recorded it', async () => {
    const res = await get(`${reports}/entries.csv?from=2027-01-01&to=2027-01-31`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="money-2027-01-01-to-2027-01-31.csv"');
    const [header, ...lines] = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe('date,receipt,application,kind,method,transaction_id,recorded_by,amount_bdt');
    expect(lines.sort()).toEqual(
      [
        `2027-01-03,2026-27/000004,${erased},payment,cash,,Nadia Clerk,100.00`,
        `2027-01-05,2026-27/000001,${karim},payment,bkash,8N7A6D5EE7,Nadia Clerk,5000.00`,
        `2027-01-12,2026-27/000002,${karim},payment,cash,,Nadia Clerk,10000.00`,
        `2027-01-12,2026-27/000003,${karim},payment,cheque,'=1+2,Nadia Clerk,2000.00`,
        `2027-01-12,,${karim},refund,cash,,Owner,-1000.00`,
        `2027-01-12,,${karim},reversal,cheque,'=1+2,Owner,-2000.00`,
      ].sort(),
    );
  });
});

describe("the applicant's money and the end of the books", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-money-zip-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("puts the applicant's entries and receipts in their data download", async () => {
    const res = await get(`/api/privacy/applicant-data/${karim}`, clerk.token);
    expect(res.statusCode).toBe(200);
    const file = path.join(dir, 'data.zip');
    fs.writeFileSync(file, res.rawPayload);
    const data = JSON.parse(execFileSync('unzip', ['-p', file, 'money.json'], { encoding: 'utf8' }));
    expect(data.entries.map((e: { kind: string; takaMinor: number }) => [e.kind, e.takaMinor])).toEqual([
      ['charge', 3_000_000],
      ['payment', 500_000],
      ['payment', 1_000_000],
      ['payment', 200_000],
      ['refund', 100_000],
      ['reversal', 200_000],
    ]);
    expect(data.entries[2]).toMatchObject({ description: 'Paid by his brother', method: 'cash', date: '2027-01-12' });
    expect(data.receipts.map((r: { number: string; payer: string }) => [r.number, r.payer])).toEqual([
      ['2026-27/000001', 'Karim Rahman'],
      ['2026-27/000002', 'Karim Rahman'],
      ['2026-27/000003', 'Karim Rahman'],
    ]);
  });

  it("keeps an erased applicant's amounts without their words, then removes the books after the years the office keeps them", async () => {
    const ledgerOf = async (id: string) => LedgerSchema.parse((await get(money(id))).json());
    const before = await ledgerOf(erased);
    expect(before.entries.map((e) => [e.kind, e.bdtMinor, e.description])).toEqual([
      ['charge', 60_000, ''],
      ['payment', 10_000, ''],
    ]);
    // The deleted application's money is first found alone a month later: its years run from then.
    expect(await purgeFinancialRecords(t.db, new Date('2027-02-01T00:00:00Z'))).toEqual({
      moneyClosed: 1,
      moneyPurged: 0,
      entriesPurged: 0,
    });
    expect(await purgeFinancialRecords(t.db, new Date('2033-01-11T00:00:00Z'))).toMatchObject({ moneyClosed: 0, moneyPurged: 0 });
    expect(await purgeFinancialRecords(t.db, new Date('2033-03-01T00:00:00Z'))).toEqual({
      moneyClosed: 0,
      moneyPurged: 2,
      entriesPurged: 3,
    });

    expect(await ledgerOf(erased)).toMatchObject({ entries: [], balanceMinor: 0 });
    expect((await ledgerOf(karim)).entries).toHaveLength(6);
    expect((await get(`${reports}/outstanding`)).json()).toMatchObject({ count: 1, totalMinor: 1_600_000 });
    const csv = (await get(`${reports}/entries.csv?from=2026-12-01&to=2027-01-31`)).body;
    expect([csv.includes(erased), csv.includes(deleted), csv.includes(karim)]).toEqual([false, false, true]);
  });
});
