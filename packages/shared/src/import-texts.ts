/**
 * Why a photo or document of the earlier app could not be brought in by the import's files step
 * (ADR 0042): shown in the import's report and in the application's history.
 */
export const IMPORT_FILE_REASONS = {
  badAddress: 'The address is not a valid web address.',
  notHttp: 'The address is not an http or https address.',
  privateHost: 'The address points to a private or local network, which the import does not fetch from.',
  unknownHost: 'The address names a server that does not exist.',
  tooManyRedirects: 'The address redirects too many times.',
  connection: 'The connection to the earlier app was broken.',
  answered: (status: number) => `The earlier app answered ${status} instead of the file.`,
  timedOut: (ms: number) => `No answer within ${Math.round(ms / 100) / 10} seconds.`,
  tooLarge: (bytes: number) => `The file is larger than ${Math.round(bytes / (1024 * 1024))} MB.`,
  gaveUp: (attempts: number, last: string) => `Gave up after ${attempts} attempts. ${last}`,
  photoType: (type: string) => `The photo is not a JPEG or PNG picture (${type}).`,
  photoTooManyPixels: 'The photo has too many pixels.',
  unreadable: 'The picture is damaged or cannot be read.',
  interrupted: 'The import was stopped while bringing this file in too many times.',
  photoKept: 'The application was given a photo in this app before this one arrived; that photo is kept.',
  erased: 'The applicant’s personal data was erased before this file arrived, so the file is not kept.',
} as const;
