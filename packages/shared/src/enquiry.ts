import { z } from 'zod';

/** The three enquiry inputs of spec §7: search = passport, search1 = nationality, search2 = date of birth. */
export const EnquiryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(10).default(10),
  search: z.string().trim().min(1).max(40),
  search1: z.string().trim().min(1).max(60),
  search2: z.string().trim().min(1).max(10),
});
export type EnquiryQuery = z.infer<typeof EnquiryQuerySchema>;
