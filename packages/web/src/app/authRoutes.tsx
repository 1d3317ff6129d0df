import { Navigate, type RouteObject } from 'react-router';
import LoginPage from '../features/auth/pages/LoginPage';
import LogoutPage from '../features/auth/pages/LogoutPage';
import RouterLoginPage from '../features/auth/pages/RouterLoginPage';
import { AuthLayout } from './AuthLayout';
import { LoginOnly } from './guards';
import { handle, lazyPage } from './lazyPage';

/** Signed-out pages under /page (platform §2): sign in, sign up, reset, confirm, log out. */
export const authRoutes: RouteObject = {
  path: 'page',
  element: <AuthLayout />,
  children: [
    { index: true, element: <Navigate to="login" replace /> },
    {
      element: <LoginOnly />,
      children: [
        { path: 'login', element: <LoginPage />, handle: handle({ title: 'Sign in' }) },
        { path: 'routerLogin', element: <RouterLoginPage />, handle: handle({ title: 'Sign in' }) },
        ...['signup', 'signup/:reseller'].map((path) => ({
          path,
          lazy: lazyPage(() => import('../features/signup/pages/SignupPage')),
          handle: handle({ title: 'Sign up' }),
        })),
        // Sign-up and sign-in through the parent platform, and its returns (platform §2).
        {
          path: 'signup/scalePad',
          lazy: lazyPage(() => import('../features/signup/pages/ScalePadSignupPage')),
          handle: handle({ title: 'Sign up with ScalePad' }),
        },
        {
          path: 'scalePad/signup',
          lazy: lazyPage(() => import('../features/signup/pages/ScalePadSignupReturnPage')),
          handle: handle({ title: 'Sign up with ScalePad' }),
        },
        {
          path: 'duo',
          lazy: lazyPage(() => import('../features/auth/pages/DuoPage')),
          handle: handle({ title: 'Confirm with Duo' }),
        },
        {
          path: 'scalePad/login',
          lazy: lazyPage(() => import('../features/auth/pages/ScalePadLoginPage')),
          handle: handle({ title: 'Sign in with ScalePad' }),
        },
      ],
    },
    // A reset link works even in a browser where someone is signed in.
    {
      path: 'recover',
      lazy: lazyPage(() => import('../features/auth/pages/RecoverPage')),
      handle: handle({ title: 'Reset password' }),
    },
    // The confirmation link of a sign-up (and, without a token, asking for a new one).
    ...['confirm-email', 'confirm-email/:token'].map((path) => ({
      path,
      lazy: lazyPage(() => import('../features/signup/pages/ConfirmEmailPage')),
      handle: handle({ title: 'Confirm e-mail' }),
    })),
    {
      path: 'setPassword/:token',
      lazy: lazyPage(() => import('../features/auth/pages/SetPasswordPage')),
      handle: handle({ title: 'Set password' }),
    },
    { path: 'logout', element: <LogoutPage />, handle: handle({ title: 'Log out' }) },
    { path: '*', element: <Navigate to="login" replace /> },
  ],
};
