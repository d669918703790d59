export { preloadUser, useUser, USER_KEY, type SessionUser } from './user';
export {
  login,
  register,
  logout,
  requestMagicLink,
  verifyMagicLink,
  confirmMagicLink,
  requestPasswordReset,
  checkResetLink,
  resetPassword,
} from './session';
