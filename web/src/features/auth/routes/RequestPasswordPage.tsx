import { AUTH_MESSAGES, LIMITS } from '@spotbook/contract';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert.tsx';
import { Button, ButtonLink } from '@/components/Button.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useSchemaForm, useTextField } from '@/components/form/use-schema-form.ts';
import { showServerError } from '@/lib/server-errors.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { requestPasswordResetForm } from '../auth-schemas.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import styles from '../components/auth-form.module.css';

const SEND_FAILED = 'The email could not be sent. Please try again.';

/** `/requestpassword` (spec §2): ask for a reset link; the answer never says if the address exists. */
export default function RequestPasswordPage() {
  const [sent, setSent] = useState(false);
  const form = useSchemaForm(requestPasswordResetForm, { email: '' });
  const email = useTextField(form.control, 'email');
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await requestPasswordReset(body);
      setSent(true);
    } catch (error) {
      showServerError(form.setError, ['email'], error, SEND_FAILED);
    }
  });

  if (sent) {
    return (
      <AuthCard title="Check your email" icon={<MailCheck size={24} />}>
        <div className={styles.done}>
          <Alert tone="success">{AUTH_MESSAGES.resetRequested}</Alert>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              block
              onClick={() => {
                form.reset({ email: form.getValues('email') });
                setSent(false);
              }}
            >
              Send another email
            </Button>
            <ButtonLink to="/signin" block>
              Sign In
            </ButtonLink>
          </div>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the email you signed up with and we will send you a link to choose a new password."
      icon={<KeyRound size={24} />}
      footer={
        <p>
          Remembered it? <Link to="/signin">Sign in</Link>
        </p>
      }
    >
      <form
        className={styles.form}
        onSubmit={onSubmit}
        onFocus={requestPasswordResetForm.prefetch}
        noValidate
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={LIMITS.email}
          required
          {...email}
        />
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" block busy={isSubmitting} busyLabel="Sending Email...">
            Send Email
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
