import type { Application, ApplicationDocument } from '@visa/shared/applications';
import { DOCUMENT_LABELS, type DocumentLabel } from '@visa/shared/constants';
import type { ApplicationRow, DocumentRow } from '../../../db/schema-applications.js';
import type { UrlSigner } from '../../../infra/storage/signed-urls.js';
import { storedFields } from './mapping.js';

/**
 * Rows of the applications and application_documents tables as API shapes, through the one field
 * mapping (mapping.ts). Answers show files as signed URLs; the only storage keys they carry are the
 * documents' `publicId`, the earlier app's field.
 */

export const isDocumentLabel = (label: string): label is DocumentLabel => (DOCUMENT_LABELS as readonly string[]).includes(label);

/** A label stored before the list changed shows as 'Other' rather than failing the answer. */
const toLabel = (label: string): DocumentLabel => (isDocumentLabel(label) ? label : 'Other');

function toDocument(row: DocumentRow, urls: UrlSigner): ApplicationDocument {
  return {
    _id: row.id,
    label: toLabel(row.label),
    url: urls.sign(row.storage_key),
    publicId: row.storage_key,
    contentType: row.content_type,
    size: Number(row.size),
    createdAt: row.created_at,
  };
}

/**
 * The API shape of an application (docs/product.md#application-fields). Photos and documents are
 * personal data, so every file is given as a short-lived signed URL; `file1PublicId` carries the
 * documents' storage keys. Built by adding to the fixed-shape `storedFields` object rather than by
 * spreading it into a new one: the spread of a 22-key object made every list row a dictionary,
 * and building and serialising those cost more than reading the rows.
 */
export function toApplication(row: ApplicationRow, documents: DocumentRow[], urls: UrlSigner): Application {
  const docs = documents.map((d) => toDocument(d, urls));
  return Object.assign(storedFields(row), {
    image: row.image_key ? urls.sign(row.image_key) : null,
    thumbnail: row.thumb_key ? urls.sign(row.thumb_key) : null,
    file1: docs.map((d) => d.url),
    file1PublicId: docs.map((d) => d.publicId),
    documents: docs,
    isAdmin: Number(row.is_admin) === 1,
    anonymised: row.anonymised_at !== null,
    stage: row.stage,
  });
}
