import { localPhone } from '@dau/domain/phone';
import { useProfile } from '../../../lib/profile-api';
import { currentSiteId } from '../../../lib/site';
import { TextField } from '../../../ui/form-field';

/** The signed-in user's primary mobile in the local form (`0712345678`), '' until loaded. */
export function usePrimaryPhone(): string {
  const profile = useProfile();
  const data = profile.data;
  if (!data?.primaryMobile) return '';
  return localPhone(data.primaryMobile, currentSiteId());
}

/** The mobile-money phone number field shared by the deposit and withdrawal forms. */
export function PhoneField({
  label = 'Phone number',
  value,
  onChange,
  readOnly = false,
  error,
}: {
  label?: string;
  value: string;
  onChange: (v: string) => void;
  readOnly?: boolean;
  error?: string | null;
}) {
  return (
    <TextField
      label={label}
      name="phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      value={value}
      readOnly={readOnly}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}
