import { AUTH_MESSAGES, LIMITS } from '@spotbook/contract';
import { CircleCheck, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/Alert.tsx';
import { Button, ButtonLink } from '@/components/Button.tsx';
import { PasswordField } from '@/components/form/PasswordField.tsx';
import { useSchemaForm, useTextField } from '@/components/form/use-schema-form.ts';
import { showServerError } from '@/lib/server-errors.ts';
import { confirmPasswordReset } from '../api/password-reset-confirm.ts';
import { resetPasswordForm } from '../auth-schemas.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import styles from '../components/auth-form.module.css';

const RESET_FAILED = 'Your password could not be reset. Please try again.';

const FIELDS = ['new_password', 'confirm_password'] as const;

/** `/reset-password/:uidb64/:token`: the page the reset mail links to. */
export default function ResetPasswordPage() {
  const { uidb64 = '', token = '' } = useParams();
  const [done, setDone] = useState(false);
  const form = useSchemaForm(resetPasswordForm, { new_password: '', confirm_password: '' });
  const newPassword = useTextField(form.control, 'new_password');
  const confirmPassword = useTextField(form.control, 'confirm_password');
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ new_password }) => {
    try {
      await confirmPasswordReset({ uidb64, token }, { new_password });
      setDone(true);
    } catch (error) {
      // A 400 carries the reason (e.g. the link expired); show it as the server says it.
      showServerError(form.setError, FIELDS, error, RESET_FAILED);
    }
  });

  if (done) {
    return (
      <AuthCard title="Password reset" icon={<CircleCheck size={24} />}>
        <div className={styles.done}>
          <Alert tone="success">
            {AUTH_MESSAGES.passwordResetDone} You can now sign in with your new password.
          </Alert>
          <ButtonLink to="/signin" block>
            Sign In
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle={`Use at least ${LIMITS.passwordMin} characters.`}
      icon={<KeyRound size={24} />}
      footer={
        <p>
          Link not working? <Link to="/requestpassword">Request a new one</Link>
        </p>
      }
    >
      <form
        className={styles.form}
        onSubmit={onSubmit}
        onFocus={resetPasswordForm.prefetch}
        noValidate
      >
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax}
          required
          {...newPassword}
        />
        <PasswordField
          label="Confirm New Password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax}
          required
          {...confirmPassword}
        />
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" block busy={isSubmitting} busyLabel="Resetting Password...">
            Reset Password
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
