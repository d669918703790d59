export { useUser, fetchUser, USER_KEY, sessionUserSchema, type SessionUser } from './user';
export {
  login, register, logout, requestMagicLink, verifyMagicLink, confirmMagicLink, requestPasswordReset, checkResetLink, resetPassword,
  type Credentials, type RegisterResult,
} from './session';
