import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LoadingBackdrop } from '../../../components/LoadingBackdrop';
import { isTokenValid } from '../../../lib/auth';
import { queryClient } from '../../../lib/queries';
import { api, authStore, sessionEvents } from '../../../lib/session';

/** Platform §2 logout: revokes the refresh token, clears auth and cached data, goes to login. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      let auth = authStore.reload();
      if (auth && !isTokenValid(auth)) auth = await api.ensureFreshToken();
      if (auth) {
        await api
          .post('/api/UserAuth/logout', { refreshToken: auth.refreshToken }, { refresh: false })
          .catch(() => undefined);
      }
      authStore.clear();
      sessionEvents.emit('logout');
      queryClient.clear();
      navigate('/page/login', { replace: true });
    })();
  }, [navigate]);
  return <LoadingBackdrop text="Signing you out…" />;
}
