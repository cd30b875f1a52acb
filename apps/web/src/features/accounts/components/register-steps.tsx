import { COOKIES } from '@dau/contracts/http';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { readCookie } from '../../../lib/cookies';
import { currentSite } from '../../../lib/site';
import styles from '../account-forms.module.css';
import {
  useRegisterDetails,
  useRegisterResend,
  useRegisterStart,
  useRegisterVerify,
  useRegistrationStatus,
  type RegistrationAnswer,
} from '../api/registration';
import {
  ComplianceFields,
  EMPTY_DRAFT,
  complianceBody,
  idCheck,
} from '../../../ui/compliance-fields';
import { PasswordField, writeCookie } from './form-parts';
import { ErrorList, messagesOf } from '../../../ui/error-list';
import { completeSignIn, registrationStepUrl } from './sign-in';

const REGISTRATION_COOKIE_S = 30 * 60;

/**
 * Registration steps: 1 at /register, 2 at /register/verify?mobile=&sid= (or /register#2),
 * 3 at /register#3. `sid` is the server's opaque registration token, never a password.
 */
export function RegisterSteps() {
  const { pathname, search, hash, state } = useLocation();
  const params = new URLSearchParams(search);
  const sid = params.get('sid') ?? readCookie(COOKIES.registration) ?? '';
  const notice = (state as { notice?: string } | null)?.notice;
  const step = pathname === '/register/verify' || hash === '#2' ? 2 : hash === '#3' ? 3 : 1;
  return (
    <>
      <ErrorList messages={notice ? [notice] : []} />
      {step === 1 || !sid ? (
        <StartStep />
      ) : step === 2 ? (
        <VerifyStep sid={sid} />
      ) : (
        <DetailsStep sid={sid} />
      )}
    </>
  );
}

function useFinish() {
  const navigate = useNavigate();
  return (answer: RegistrationAnswer) => {
    if (answer.login && !answer.login.hasErrors) {
      completeSignIn(answer.login);
      writeCookie(COOKIES.registration, '', 0);
      navigate('/', { replace: true });
      return;
    }
    navigate(registrationStepUrl(answer));
  };
}

function StartStep() {
  const site = currentSite();
  const navigate = useNavigate();
  const start = useRegisterStart();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [confirmMinimumAge, setConfirmMinimumAge] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    start.mutate(
      { phone, password, acceptTerms, confirmMinimumAge },
      {
        onSuccess(answer) {
          writeCookie(COOKIES.registration, answer.sid, REGISTRATION_COOKIE_S);
          navigate(registrationStepUrl(answer));
        },
      },
    );
  }
  return (
    <form className={styles.form} onSubmit={submit}>
      <label className={styles.label}>
        Phone number ({site.phonePrefix})
        <input
          className={styles.input}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          required
        />
      </label>
      <PasswordField
        label="Choose a PIN or password"
        name="password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          name="acceptTerms"
          checked={acceptTerms}
          onChange={(e) => setAcceptTerms(e.target.checked)}
        />
        I accept the terms and conditions
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          name="confirmMinimumAge"
          checked={confirmMinimumAge}
          onChange={(e) => setConfirmMinimumAge(e.target.checked)}
        />
        I am {site.minimumAge} years or older
      </label>
      <ErrorList messages={start.isError ? messagesOf(start.error) : []} />
      <button type="submit" className={styles.submit} disabled={start.isPending}>
        JOIN
      </button>
      <div className={styles.links}>
        <Link to="/login">Already have an account? Log in</Link>
      </div>
    </form>
  );
}

function VerifyStep({ sid }: { sid: string }) {
  const status = useRegistrationStatus(sid);
  const verify = useRegisterVerify();
  const resend = useRegisterResend();
  const finish = useFinish();
  const { search } = useLocation();
  const [code, setCode] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    verify.mutate({ sid, code }, { onSuccess: finish });
  }
  const mobile = status.data?.mobile ?? new URLSearchParams(search).get('mobile');
  return (
    <form className={styles.form} onSubmit={submit}>
      <p>We sent a 6-digit code by SMS{mobile ? ` to ${mobile}` : ''}. It expires in 10 minutes.</p>
      <label className={styles.label}>
        Verification code
        <input
          className={styles.input}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
        />
      </label>
      <ErrorList
        messages={[
          ...(status.isError ? messagesOf(status.error) : []),
          ...(verify.isError ? messagesOf(verify.error) : []),
          ...(resend.isError ? messagesOf(resend.error) : []),
        ]}
      />
      {resend.isSuccess && (
        <p role="status" className={styles.success}>
          A new code is on its way.
        </p>
      )}
      <button type="submit" className={styles.submit} disabled={verify.isPending}>
        VERIFY
      </button>
      <button
        type="button"
        className={styles.secondary}
        disabled={resend.isPending}
        onClick={() => resend.mutate(sid)}
      >
        Send a new code
      </button>
    </form>
  );
}

function DetailsStep({ sid }: { sid: string }) {
  const site = currentSite();
  const details = useRegisterDetails();
  const finish = useFinish();
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const idError = idCheck(site, draft.idNumber).error;
  function submit(event: FormEvent) {
    event.preventDefault();
    details.mutate({ sid, ...complianceBody(site, draft) }, { onSuccess: finish });
  }
  return (
    <form className={styles.form} onSubmit={submit}>
      <p>Almost done: tell us who you are.</p>
      <ComplianceFields site={site} draft={draft} onChange={setDraft} />
      <ErrorList messages={details.isError ? messagesOf(details.error) : []} />
      <button
        type="submit"
        className={styles.submit}
        disabled={details.isPending || idError !== null}
      >
        FINISH
      </button>
    </form>
  );
}
