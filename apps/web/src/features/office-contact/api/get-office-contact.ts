import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { OfficeContactView } from '@visa/shared/office-contact-view';
import { api } from '../../../lib/api-client';

/** The office's contact as the public site shows it; the owner's form starts from it (ADR 0025). */
const getOfficeContact = async (): Promise<OfficeContactView> => (await api.get<OfficeContactView>(apiUrl('getOfficeContact'))).data;

export const officeContactQueryOptions = () => queryOptions({ queryKey: ['settings', 'office-contact'], queryFn: getOfficeContact });

export const useOfficeContactSettings = () => useQuery(officeContactQueryOptions());
