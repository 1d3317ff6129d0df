import { WindowManagerProvider } from '../components/WindowManagerProvider';
import { PlainLayout } from './PlainLayout';
import { SessionGate } from './session';
import { AppShell } from './shell/AppShell';
import { WindowLayout } from './WindowLayout';

export type ShellKind = 'app' | 'window' | 'plain';

/** Signed-in areas load the session (permissions, settings) once, then check route access. */
export default function SignedInShell({ shell }: { shell: ShellKind }) {
  return (
    <SessionGate>
      <WindowManagerProvider>
        {shell === 'app' ? <AppShell /> : shell === 'window' ? <WindowLayout /> : <PlainLayout />}
      </WindowManagerProvider>
    </SessionGate>
  );
}
