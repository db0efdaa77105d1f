import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfficeContactView } from '@visa/shared/office-contact-view';
import { api } from '../../../lib/api-client';

/** The office's contact as the public site shows it; the owner's form starts from it (ADR 0025). */
const getOfficeContact = async (): Promise<OfficeContactView> => (await api.get<OfficeContactView>('/api/office-contact')).data;

export const officeContactQueryOptions = () => queryOptions({ queryKey: ['settings', 'office-contact'], queryFn: getOfficeContact });

export const useOfficeContactSettings = () => useQuery(officeContactQueryOptions());
