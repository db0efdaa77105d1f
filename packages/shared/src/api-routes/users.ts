import { z } from 'zod';
import { MessageResponseSchema } from '../applications.js';
import { DocumentRequestSettingsSchema } from '../document-requests.js';
import { IdParamsSchema } from '../id-schema.js';
import { OfficeContactInputSchema, OfficeContactViewSchema } from '../office-contact.js';
import { RetentionPreviewSchema, RetentionSettingsSchema } from '../retention.js';
import {
  ChallengeInputSchema,
  LoginAnswerSchema,
  RecoveryCodesSchema,
  SecondFactorConfirmInputSchema,
  SecondFactorEnableInputSchema,
  SecondFactorLoginInputSchema,
  SecondFactorLoginResponseSchema,
  SecondFactorSetupInputSchema,
  SecondFactorSetupSchema,
  SecondFactorStatusSchema,
  SecuritySettingsSchema,
} from '../second-factor.js';
import { SessionInfoSchema } from '../session.js';
import { READY_PARTS, READY_STATES, SystemStatusSchema } from '../system.js';
import { MessageSettingsSchema, MessageSettingsViewSchema, TestMessageInputSchema, TestMessageResultSchema } from '../notices.js';
import {
  AddUserInputSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  LoginResponseSchema,
  ProfileInputSchema,
  ResetPasswordInputSchema,
  StaffSessionListSchema,
  UpdateUserInputSchema,
  UserListSchema,
  UserSchema,
} from '../users.js';
import { errors } from './errors.js';

const partState = z.enum(READY_STATES);
const ReadySchema = z.object({
  /** `degraded`: serving, but a queue is behind or the disk is low. */
  status: z.enum(['ok', 'degraded', 'error']),
  database: partState,
  migrations: partState,
  storage: partState,
  disk: partState,
  mail: partState,
  mailQueue: partState,
  textQueue: partState,
  /** On 503: the parts that failed. */
  failing: z.array(z.enum(READY_PARTS)).optional(),
  /** The parts that need attention without stopping traffic. */
  lagging: z.array(z.enum(READY_PARTS)).optional(),
});

/** The request and response schemas of the health checks, of signing in and of /api/users/… (api-paths.ts). */
export const USER_ROUTES = {
  health: {
    response: {
      200: z.object({ status: z.literal('ok'), database: z.literal('ok'), version: z.string() }),
      503: z.object({ status: z.string(), database: z.string(), version: z.string() }),
    },
  },
  ready: { response: { 200: ReadySchema, 503: ReadySchema } },

  login: { body: LoginInputSchema, response: { 200: LoginAnswerSchema, ...errors(401, 429) } },
  loginSecondFactor: {
    body: SecondFactorLoginInputSchema,
    response: { 200: SecondFactorLoginResponseSchema, ...errors(400, 401, 403, 429) },
  },
  loginSecondFactorSetup: { body: ChallengeInputSchema, response: { 200: SecondFactorSetupSchema, ...errors(400, 401, 403, 429) } },
  refreshSession: { response: { 200: LoginResponseSchema, ...errors(401) } },
  logout: { response: { 200: MessageResponseSchema } },
  forgotPassword: { body: ForgotPasswordInputSchema, response: { 200: MessageResponseSchema, ...errors(400, 429) } },
  resetPassword: { body: ResetPasswordInputSchema, response: { 200: MessageResponseSchema, ...errors(400, 429) } },

  getMe: { response: { 200: UserSchema, ...errors(401) } },
  getSession: { response: { 200: SessionInfoSchema, ...errors(401) } },
  staySignedIn: { response: { 200: SessionInfoSchema, ...errors(401) } },
  updateProfile: { body: ProfileInputSchema, response: { 200: UserSchema, ...errors(400, 401, 429) } },
  listSessions: { response: { 200: StaffSessionListSchema, ...errors(401) } },
  logoutAll: { response: { 200: MessageResponseSchema, ...errors(401) } },
  getSecondFactor: { response: { 200: SecondFactorStatusSchema, ...errors(401) } },
  startSecondFactorSetup: { body: SecondFactorSetupInputSchema, response: { 200: SecondFactorSetupSchema, ...errors(400, 401, 429) } },
  enableSecondFactor: { body: SecondFactorEnableInputSchema, response: { 200: RecoveryCodesSchema, ...errors(400, 401, 429) } },
  disableSecondFactor: {
    body: SecondFactorConfirmInputSchema,
    response: { 200: MessageResponseSchema, ...errors(400, 401, 403, 409, 429) },
  },
  renewRecoveryCodes: { body: SecondFactorConfirmInputSchema, response: { 200: RecoveryCodesSchema, ...errors(400, 401, 403, 409, 429) } },

  listStaffAccounts: { response: { 200: UserListSchema, ...errors(400, 401, 403) } },
  createStaffAccount: { body: AddUserInputSchema, response: { 201: UserSchema, ...errors(400, 401, 403, 409) } },
  updateStaffAccount: {
    params: IdParamsSchema,
    body: UpdateUserInputSchema,
    response: { 200: UserSchema, ...errors(400, 401, 403, 404, 409) },
  },
  deleteStaffAccount: {
    params: IdParamsSchema,
    response: { 200: z.object({ message: z.string(), _id: z.string() }), ...errors(400, 401, 403, 404, 409) },
  },
  getSecuritySettings: { response: { 200: SecuritySettingsSchema, ...errors(401, 403) } },
  updateSecuritySettings: { body: SecuritySettingsSchema, response: { 200: SecuritySettingsSchema, ...errors(400, 401, 403) } },
  updateOfficeContact: { body: OfficeContactInputSchema, response: { 200: OfficeContactViewSchema, ...errors(400, 401, 403) } },
  getDocumentRequestSettings: { response: { 200: DocumentRequestSettingsSchema, ...errors(401, 403) } },
  updateDocumentRequestSettings: {
    body: DocumentRequestSettingsSchema,
    response: { 200: DocumentRequestSettingsSchema, ...errors(400, 401, 403) },
  },
  getMessageSettings: { response: { 200: MessageSettingsViewSchema, ...errors(400, 401, 403) } },
  updateMessageSettings: { body: MessageSettingsSchema, response: { 200: MessageSettingsViewSchema, ...errors(400, 401, 403) } },
  sendTestMessage: { body: TestMessageInputSchema, response: { 200: TestMessageResultSchema, ...errors(400, 401, 403) } },
  getSystemStatus: { response: { 200: SystemStatusSchema, ...errors(401, 403) } },
  getRetentionSettings: { response: { 200: RetentionSettingsSchema, ...errors(400, 401, 403) } },
  updateRetentionSettings: { body: RetentionSettingsSchema, response: { 200: RetentionSettingsSchema, ...errors(400, 401, 403) } },
  previewRetention: { response: { 200: RetentionPreviewSchema, ...errors(400, 401, 403) } },
} as const;
