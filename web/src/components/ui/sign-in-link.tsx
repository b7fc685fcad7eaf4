import { Link } from 'react-router-dom';

/** "Already subscribed? Sign in": back to what they pay for, on any browser, by e-mail link. */
export function SignInLink({ returnTo }: { returnTo: string }) {
  return (
    <p>
      Already subscribed?{' '}
      <Link to={`/sign-in?returnTo=${encodeURIComponent(returnTo)}`}>Sign in</Link>
    </p>
  );
}
