import { z } from 'zod';
import { SLIDE_LIMITS } from '@visa/shared/slides';
import type { SlideStatus } from '@visa/shared/constants';
import { type ReportNote, type Skip, skip } from './report.js';
import { fileAddressOf, idOf, idTimestamp, textOf, timestampOf } from './values.js';

/** A staff account of the earlier app, as a sub-admin of this product. */
export interface MappedUser {
  id: string;
  name: string;
  email: string;
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * The earlier app hashed passwords with bcrypt; the hash is kept as it is, and sign-in replaces it
 * with the product's own the first time it accepts it (ADR 0041).
 */
const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

const NAME_MAX = 100;

function moments(id: string, doc: Record<string, unknown>): { createdAt: string; updatedAt: string } | Skip {
  const createdAt = timestampOf(doc.createdAt);
  if (createdAt === null) return skip(id, 'createdAt', 'not a date');
  const updatedAt = timestampOf(doc.updatedAt);
  if (updatedAt === null) return skip(id, 'updatedAt', 'not a date');
  const created = createdAt ?? idTimestamp(id);
  return { createdAt: created, updatedAt: updatedAt ?? created };
}

export function mapUser(doc: Record<string, unknown>, position: number): { user: MappedUser; notes: ReportNote[] } | Skip {
  const id = idOf(doc._id);
  if (!id) return skip(`#${position}`, '_id', id === undefined ? 'missing' : 'not an ObjectId');
  const name = textOf(doc.name);
  if (!name) return skip(id, 'name', name === undefined ? 'missing' : 'not text');
  const email = textOf(doc.email)?.toLowerCase();
  if (!email || !z.email().safeParse(email).success) return skip(id, 'email', email === undefined ? 'missing' : 'not an email address');
  const hash = textOf(doc.password);
  if (!hash || !BCRYPT.test(hash)) return skip(id, 'password', 'not a bcrypt hash: the account could never sign in');
  const times = moments(id, doc);
  if ('skip' in times) return times;
  const notes: ReportNote[] =
    name.length > NAME_MAX ? [{ id, field: 'name', outcome: 'kept', reason: `longer than ${NAME_MAX} characters: kept as it was` }] : [];
  return { user: { id, name, email, passwordHash: hash, ...times }, notes };
}

/** A slide of the earlier app (a "slider"). */
export interface MappedSlide {
  id: string;
  thumbnail: string;
  title: string;
  status: SlideStatus;
  createdAt: string;
  updatedAt: string;
}

/** The earlier app's `active` (its default) is Published, as the product reads it from the API. */
const SLIDE_STATUS: Record<string, SlideStatus> = {
  active: 'Published',
  published: 'Published',
  inactive: 'Unpublished',
  unpublished: 'Unpublished',
};

export function mapSlide(doc: Record<string, unknown>, position: number): { slide: MappedSlide; notes: ReportNote[] } | Skip {
  const id = idOf(doc._id);
  if (!id) return skip(`#${position}`, '_id', id === undefined ? 'missing' : 'not an ObjectId');
  const thumbnail = textOf(doc.thumbnail);
  if (!thumbnail) return skip(id, 'thumbnail', thumbnail === undefined ? 'missing' : 'not text');
  const title = textOf(doc.title);
  if (!title) return skip(id, 'title', title === undefined ? 'missing' : 'not text');
  const statusText = textOf(doc.status);
  const status = statusText === undefined ? 'Published' : statusText && SLIDE_STATUS[statusText.toLowerCase()];
  if (!status) return skip(id, 'status', 'not active, published, inactive or unpublished');
  const times = moments(id, doc);
  if ('skip' in times) return times;
  const notes: ReportNote[] = [];
  if (thumbnail.length > SLIDE_LIMITS.thumbnailMax) {
    notes.push({ id, field: 'thumbnail', outcome: 'kept', reason: `longer than ${SLIDE_LIMITS.thumbnailMax} characters: kept as it was` });
  }
  if (title.length > SLIDE_LIMITS.titleMax) {
    notes.push({ id, field: 'title', outcome: 'kept', reason: `longer than ${SLIDE_LIMITS.titleMax} characters: kept as it was` });
  }
  if (fileAddressOf(doc.image)) {
    notes.push({ id, field: 'image', outcome: 'not carried over', reason: 'slide pictures are not imported: add it again from Slides' });
  }
  return { slide: { id, thumbnail, title, status, ...times }, notes };
}
