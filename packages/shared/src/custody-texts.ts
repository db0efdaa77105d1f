import { HELD_PASSPORTS_NAV } from './staff-texts.js';

// Apart from staff-texts.ts, which every staff page loads: only the pages that show custody carry these words.

/** The passport section of the applicant file and the page of passports the office holds (ADR 0082). */
export const PASSPORT_CUSTODY = {
  title: 'Passport',
  loading: 'Loading where the passport is…',
  loadError: 'Could not load where the passport is.',
  where: 'Where it is now',
  log: 'Handovers',
  noHandovers: 'No handover recorded yet.',
  recordTitle: 'Record handover',
  move: 'Handover',
  date: 'Date',
  counterpart: 'Handed to or received from',
  counterpartHint: 'For example “VFS Dhaka, counter 3” or the relative who brought it.',
  note: 'Note',
  save: 'Record handover',
  saving: 'Recording…',
  saved: 'Handover recorded.',
  saveError: 'Could not record the handover. Please try again.',
  printSlip: 'Print slip',
  printing: 'Preparing the slip…',
  printError: 'Could not prepare the slip. Please try again.',
  by: (name: string, at: string) => `recorded by ${name}, ${at}`,
  heldPage: HELD_PASSPORTS_NAV,
  heldEmpty: 'The office holds no passports right now.',
  heldCount: (shown: number, total: number) =>
    shown < total ? `Showing the ${shown} held longest of ${total} passports.` : `${total} passport${total === 1 ? '' : 's'} held.`,
  heldColumns: { applicant: 'Applicant', where: 'Where', since: 'Since', counterpart: 'Handed to or received from', by: 'Recorded by' },
} as const;
