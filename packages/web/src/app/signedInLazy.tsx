import { lazy, Suspense } from 'react';
import { LoadingBackdrop } from '../components/LoadingBackdrop';
import type { ShellKind } from './SignedInShell';

// The shell (menu, message banners, window manager) is loaded only once someone is signed in,
// so the sign-in page downloads none of it.
const SignedInShell = lazy(() => import('./SignedInShell'));

/** The signed-in shell, loaded on first use. */
export function SignedIn({ shell }: { shell: ShellKind }) {
  return (
    <Suspense fallback={<LoadingBackdrop />}>
      <SignedInShell shell={shell} />
    </Suspense>
  );
}
