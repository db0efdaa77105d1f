import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Application } from '@visa/shared/applications';
import { applicationChanged } from './keys';

/** A change to an application on its file, which the server answers with the changed application. */
export function useApplicationMutation<Input>(mutationFn: (input: Input) => Promise<Application>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The file shows the answer at once; the rest catches up on its own.
    onSuccess: (application) => void applicationChanged(queryClient, application),
  });
}
