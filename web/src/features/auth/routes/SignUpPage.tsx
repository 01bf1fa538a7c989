import { AUTH_MESSAGES, LIMITS } from '@spotbook/contract';
import { UserPlus } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { PasswordField } from '@/components/form/PasswordField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { useSchemaForm, useTextField } from '@/components/form/use-schema-form.ts';
import { showServerError } from '@/lib/server-errors.ts';
import { withQuery } from '@/lib/query-string.ts';
import { afterAuthPath } from '@/lib/safe-redirect.ts';
import { signUpForm } from '../auth-schemas.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import styles from '../components/auth-form.module.css';

const FIELDS = ['email', 'username', 'password', 'confirm_password'] as const;

/** `/signup` (spec §2, §5): validated with the server's own schema and messages. */
export default function SignUpPage() {
  const { status, register } = useAuth();
  const [searchParams] = useSearchParams();
  const listId = searchParams.get('listId');
  const form = useSchemaForm(signUpForm, {
    email: '',
    username: '',
    password: '',
    confirm_password: '',
  });
  const email = useTextField(form.control, 'email');
  const username = useTextField(form.control, 'username');
  const password = useTextField(form.control, 'password');
  const confirmPassword = useTextField(form.control, 'confirm_password');
  const { errors, isSubmitting } = form.formState;

  if (status === 'authenticated') return <Navigate to={afterAuthPath(listId)} replace />;

  const onSubmit = form.handleSubmit(async ({ username, email, password }) => {
    try {
      await register({ username, email, password });
    } catch (error) {
      showServerError(form.setError, FIELDS, error, AUTH_MESSAGES.registrationFailed);
    }
  });

  return (
    <AuthCard
      title="Sign Up"
      subtitle="Start your own notebook of places: free, private, yours."
      icon={<UserPlus size={24} />}
      footer={
        <p>
          Already have an account?{' '}
          <Link to={withQuery('/signin', { listId: listId ?? undefined })}>Sign in</Link>
        </p>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} onFocus={signUpForm.prefetch} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={LIMITS.email}
          required
          {...email}
        />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={LIMITS.usernameMax}
          help="Letters, digits, _ and . only. Shown on the lists you share."
          required
          {...username}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax}
          help={`At least ${LIMITS.passwordMin} characters.`}
          required
          {...password}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax}
          required
          {...confirmPassword}
        />
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" block busy={isSubmitting} busyLabel="Signing Up...">
            Sign Up
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
