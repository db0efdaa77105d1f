import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import type { OfficeContactInput } from '@visa/shared/office-contact';
import type { OfficeContactView } from '@visa/shared/office-contact-view';
import { api } from '../../../lib/api-client';
import { rememberOfficeContact } from '../../../lib/office-contact';
import { officeContactQueryOptions } from './get-office-contact';

/** Super-admins only; the server checks the role too. */
const putOfficeContact = async (input: OfficeContactInput): Promise<OfficeContactView> =>
  (await api.put<OfficeContactView>(apiUrl('updateOfficeContact'), input)).data;

export function useUpdateOfficeContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putOfficeContact,
    onSuccess: (saved) => {
      queryClient.setQueryData(officeContactQueryOptions().queryKey, saved);
      // A public page opened from here in this tab shows the new details at once.
      rememberOfficeContact(saved);
    },
  });
}
