import { AUTH_MESSAGES, LIMITS, signUpFormSchema } from '@spotbook/contract';
import { UserPlus } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { PasswordField } from '@/components/form/PasswordField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { useZodForm } from '@/lib/forms.ts';
import { withQuery } from '@/lib/query-string.ts';
import { afterAuthPath } from '@/lib/safe-redirect.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import styles from '../components/auth-form.module.css';

/** `/signup` (spec §2, §5): validated with the server's own schema and messages. */
export default function SignUpPage() {
  const { status, register } = useAuth();
  const [searchParams] = useSearchParams();
  const listId = searchParams.get('listId');
  const form = useZodForm(signUpFormSchema, {
    email: '',
    username: '',
    password: '',
    confirm_password: '',
  });

  if (status === 'authenticated') return <Navigate to={afterAuthPath(listId)} replace />;

  const onSubmit = form.handleSubmit(async ({ username, email, password }) => {
    try {
      await register({ username, email, password });
    } catch (error) {
      form.showServerError(error, AUTH_MESSAGES.registrationFailed);
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
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={LIMITS.email}
          required
          {...form.field('email')}
        />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={LIMITS.usernameMax}
          help="Letters, digits, _ and . only. Shown on the lists you share."
          required
          {...form.field('username')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax}
          help={`At least ${LIMITS.passwordMin} characters.`}
          required
          {...form.field('password')}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax}
          required
          {...form.field('confirm_password')}
        />
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" block busy={form.submitting} busyLabel="Signing Up...">
            Sign Up
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
