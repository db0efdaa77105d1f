import { Button } from 'react-bootstrap';
import { PASSWORD_CHANGE_REQUIRED } from '@visa/shared/ui-texts';
import type { User } from '@visa/shared/users';
import { FormCard } from '../../../components/form-card';
import { ProfileForm } from './profile-form';

interface Props {
  user: User;
  /** The account as saved: without the flag, so the caller's copy of the signed-in account opens the back office. */
  onSaved: (user: User) => void;
  signingOut: boolean;
  onSignOut: () => void;
}

/**
 * What someone sees, whatever page they asked for, after signing in with an earlier app's password
 * that breaks the password rule: the profile's own form to choose a new one, and signing out. Once
 * saved, the account as the API answers it no longer carries the flag and the back office opens
 * on the page they asked for (docs/product.md#files-and-passwords-from-the-earlier-app).
 */
export function ChoosePassword({ user, onSaved, signingOut, onSignOut }: Props) {
  return (
    <main className="p-3 p-md-4" id="main">
      <h1 className="h3 mb-3">{PASSWORD_CHANGE_REQUIRED.title}</h1>
      <p style={{ maxWidth: 560 }}>{PASSWORD_CHANGE_REQUIRED.intro}</p>
      <FormCard>
        <ProfileForm user={user} onSaved={onSaved} />
      </FormCard>
      <Button variant="link" className="mt-3 px-0" disabled={signingOut} onClick={onSignOut}>
        Sign out
      </Button>
    </main>
  );
}
