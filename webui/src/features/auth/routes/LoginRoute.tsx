import { useState } from 'react';
import { AuthCard, AuthSwitch } from '../components/AuthCard';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm';
import { LoginForm } from '../components/LoginForm';
import { ResetLinkSent } from '../components/ResetLinkSent';

export type LoginMode = 'login' | 'forgot' | 'sent';

const TITLES: Record<LoginMode, string> = {
  login: 'Sign in',
  forgot: 'Reset your password',
  sent: 'Check your inbox',
};

/** /login: login, then forgot-password mode, then the 'sent' state. */
export function LoginRoute({ initialMode = 'login' }: { initialMode?: LoginMode }) {
  const [mode, setMode] = useState<LoginMode>(initialMode);
  return (
    <AuthCard
      title={TITLES[mode]}
      footer={mode === 'login' && <AuthSwitch prompt="No account yet?" to="/register" label="Register" />}
    >
      {mode === 'login' && <LoginForm onForgot={() => setMode('forgot')} />}
      {mode === 'forgot' && <ForgotPasswordForm onSent={() => setMode('sent')} onBack={() => setMode('login')} />}
      {mode === 'sent' && <ResetLinkSent onReturn={() => setMode('login')} />}
    </AuthCard>
  );
}

/** /forgot-password: the login page opened in its forgot-password mode. */
export function ForgotPasswordRoute() {
  return <LoginRoute initialMode="forgot" />;
}
