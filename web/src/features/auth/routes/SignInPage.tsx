import { AUTH_MESSAGES } from '@spotbook/contract';
import { LogIn } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert.tsx';
import { Button, ButtonLink } from '@/components/Button.tsx';
import { PasswordField } from '@/components/form/PasswordField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { useSchemaForm, useTextField } from '@/components/form/use-schema-form.ts';
import { showServerError } from '@/lib/server-errors.ts';
import { withQuery } from '@/lib/query-string.ts';
import { afterAuthPath } from '@/lib/safe-redirect.ts';
import { LIMITS } from '@spotbook/contract';
import { loginForm } from '../auth-schemas.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import styles from '../components/auth-form.module.css';

const FIELDS = ['username_or_email', 'password'] as const;

/** `/signin` (spec §2): username or e-mail and password; `?listId=` leads back to that list. */
export default function SignInPage() {
  const { status, login } = useAuth();
  const [searchParams] = useSearchParams();
  const listId = searchParams.get('listId');
  const form = useSchemaForm(loginForm, { username_or_email: '', password: '' });
  const usernameOrEmail = useTextField(form.control, 'username_or_email');
  const password = useTextField(form.control, 'password');
  const { errors, isSubmitting } = form.formState;

  // Signed in (already, or just now): go where the visitor was heading.
  if (status === 'authenticated') return <Navigate to={afterAuthPath(listId)} replace />;

  const onSubmit = form.handleSubmit(async (credentials) => {
    try {
      await login(credentials);
    } catch (error) {
      showServerError(form.setError, FIELDS, error, AUTH_MESSAGES.failedToLogIn);
    }
  });

  return (
    <AuthCard
      title="Sign In"
      subtitle="Welcome back. Your spots and lists are waiting."
      icon={<LogIn size={24} />}
      footer={
        <p>
          New to Spotbook?{' '}
          <Link to={withQuery('/signup', { listId: listId ?? undefined })}>Create an account</Link>
        </p>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} onFocus={loginForm.prefetch} noValidate>
        <TextField
          label="Username or Email"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={LIMITS.email}
          required
          {...usernameOrEmail}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          maxLength={LIMITS.passwordMax}
          required
          {...password}
        />
        <ButtonLink to="/requestpassword" variant="quiet" size="sm" className={styles.forgot}>
          I Forgot My Password
        </ButtonLink>
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" block busy={isSubmitting} busyLabel="Signing in...">
            Sign In
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
