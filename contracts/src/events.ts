/**
 * The event catalogue: every fact Jsonable records. Events are the only source of truth.
 * Secrets never enter an event: keys, tokens and session ids appear only as SHA-256 hashes
 * (hex), passwords only as argon2id hashes. Request JSON never enters an event.
 *
 * Streams (see streams.ts): user-{id}, email-{sha256(email)}, project-{id},
 * endpoint-{sha256(path)}, projectslots-{userId}, usage-{userId}-{period}, image-{id}, live-{projectId}-{name},
 * billing-{userId}.
 */
import type { StoredImage } from './image-files';
import type { PlanTier } from './plans';

type E<T extends string, D> = { type: T; data: D };

/** An event as the EventStore recorded it: what the write side reads back and every projection sees. */
export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamId: string;
  type: Type;
  data: Data;
  metadata: Record<string, unknown>;
  /** 0-based revision inside its stream. */
  revision: number;
  /** Global position in the log (commit order); strictly increasing, > 0. */
  position: number;
  /** ISO timestamp of the append. */
  createdAt: string;
}

// ── accounts: user-{id} and email-{hash} ───────────────────────────────────────────────
export type UserRegistered = E<
  'UserRegistered',
  {
    userId: string;
    email: string; // normalised (trimmed, lower-cased)
    passwordHash: string | null; // argon2id; null for an account created by magic link
    authProvider: 'local' | 'magic_link';
    registeredAt: string; // ISO; the usage periods count from here
    plan: PlanTier;
  }
>;
export type EmailClaimed = E<'EmailClaimed', { email: string; userId: string }>;
export type UserProfileUpdated = E<
  'UserProfileUpdated',
  { userId: string; firstName: string | null; lastName: string | null }
>;
/**
 * How a password was set: with the current one, as an account's first password, in a session a
 * link opened minutes ago (it just proved control of the address), or through a reset link.
 * Absent on events recorded before it existed (they were all 'current_password' or 'first_password').
 */
export type PasswordChangeMethod = 'current_password' | 'first_password' | 'recent_link' | 'reset_link';
export type PasswordChanged = E<
  'PasswordChanged',
  { userId: string; passwordHash: string; method?: PasswordChangeMethod }
>;
export type UserApiKeyIssued = E<
  'UserApiKeyIssued',
  { userId: string; keyHash: string; keyPrefix: string; previousKeyHash: string | null }
>;
/**
 * What an e-mailed link is for. 'sign_in' (also when absent): signs in, or creates the account of
 * an address without one. 'register': a sign-up waiting for its address to be confirmed; the
 * account is created when the link is confirmed, with the sign-up's password only if the person
 * confirming types it again (else without a password). 'reset_password': sets a new password.
 */
export type LinkPurpose = 'sign_in' | 'register' | 'reset_password';
export type MagicLinkIssued = E<
  'MagicLinkIssued',
  {
    userId: string;
    tokenHash: string;
    email: string;
    expiresAt: string;
    purpose?: LinkPurpose;
    /** argon2id hash chosen at sign-up (purpose 'register' only). */
    passwordHash?: string | null;
    /** ISO; absent on events recorded before it existed (then expiresAt minus the link lifetime). */
    issuedAt?: string;
  }
>;
export type MagicLinkConsumed = E<'MagicLinkConsumed', { userId: string; tokenHash: string }>;
/**
 * Every outstanding link of the account stops working: those of its own stream (listed), and any
 * link of the same address issued before `retiredAt` on a stream that never became an account.
 */
export type MagicLinksRetired = E<
  'MagicLinksRetired',
  {
    userId: string;
    tokenHashes: string[];
    retiredAt: string;
    reason: 'password_changed' | 'password_reset' | 'link_sign_in';
  }
>;
export type SignInMethod = 'password' | 'magic_link' | 'register' | 'password_reset';
export type UserSignedIn = E<
  'UserSignedIn',
  {
    userId: string;
    method: SignInMethod;
    sessionHash: string;
    expiresAt: string;
    /** ISO. Absent on events recorded before it existed (then expiresAt minus the session lifetime). */
    signedInAt?: string;
    /** The browser's User-Agent, cut to 256 characters. */
    userAgent?: string | null;
    /** Coarse client address: an IPv4 /24 or an IPv6 /48, never the full address. */
    ip?: string | null;
  }
>;
export type UserSignedOut = E<
  'UserSignedOut',
  {
    userId: string;
    sessionHash: string;
    /** 'logout': the session itself; 'revoked': from another session's list; 'others': sign out everywhere else; 'replaced': the browser signed in again. */
    reason?: 'logout' | 'revoked' | 'others' | 'replaced';
  }
>;
/** A session was used (recorded at most once every few minutes per session). */
export type SessionSeen = E<'SessionSeen', { userId: string; sessionHash: string; seenAt: string; ip: string | null }>;
export type SettingsSaved = E<'SettingsSaved', { userId: string; settings: Record<string, unknown> }>;
export type PlanChanged = E<
  'PlanChanged',
  {
    userId: string;
    from: PlanTier;
    to: PlanTier;
    reason: 'operator' | 'checkout' | 'subscription_updated' | 'subscription_canceled' | 'payment_failed';
    /** Provider's subscription id when the change came from billing. */
    subscriptionId?: string | null;
  }
>;

export type AccountsEvent =
  | UserRegistered
  | EmailClaimed
  | UserProfileUpdated
  | PasswordChanged
  | UserApiKeyIssued
  | MagicLinkIssued
  | MagicLinkConsumed
  | MagicLinksRetired
  | UserSignedIn
  | UserSignedOut
  | SessionSeen
  | SettingsSaved
  | PlanChanged;

// ── projects: project-{id} and endpoint-{hash} ─────────────────────────────────────────
export type ProjectCreated = E<
  'ProjectCreated',
  {
    projectId: string;
    userId: string;
    name: string;
    description: string;
    endpointPath: string;
    keyHash: string;
    keyPrefix: string;
    createdAt: string;
  }
>;
export type EndpointClaimed = E<'EndpointClaimed', { endpointPath: string; projectId: string }>;
export type ProjectRenamed = E<'ProjectRenamed', { projectId: string; name: string; description: string }>;
export type ProjectKeyRegenerated = E<
  'ProjectKeyRegenerated',
  { projectId: string; keyHash: string; keyPrefix: string; previousKeyHash: string }
>;
export type ProjectStylesSaved = E<'ProjectStylesSaved', { projectId: string; styles: Record<string, unknown> }>;
export type ProjectSettingsChanged = E<
  'ProjectSettingsChanged',
  { projectId: string; settings: { requireKey: boolean } }
>;
export type ProjectDeleted = E<'ProjectDeleted', { projectId: string; userId: string }>;

/**
 * projectslots-{userId}: the projects a user holds against the plan's project limit. A slot is
 * taken with the exact expected revision before ProjectCreated, so creates racing at the limit
 * cannot both pass; it is given back after ProjectDeleted.
 */
export type ProjectSlotTaken = E<'ProjectSlotTaken', { userId: string; projectId: string; takenAt: string }>;
export type ProjectSlotFreed = E<'ProjectSlotFreed', { userId: string; projectId: string }>;

export type ProjectsEvent =
  | ProjectCreated
  | EndpointClaimed
  | ProjectRenamed
  | ProjectKeyRegenerated
  | ProjectStylesSaved
  | ProjectSettingsChanged
  | ProjectDeleted
  | ProjectSlotTaken
  | ProjectSlotFreed;

// ── usage and images: usage-{userId}-{period}, image-{id} ──────────────────────────────
export type RenderSource = 'session' | 'api_key' | 'project_endpoint' | 'example' | 'demo';
export type TableRendered = E<
  'TableRendered',
  {
    imageId: string;
    userId: string;
    projectId: string | null;
    period: number;
    source: RenderSource;
    /** The plan whose allowance this render was counted against. */
    plan: PlanTier;
    idempotencyKey: string | null;
    /** Hash of the request body, for Idempotency-Key conflicts. */
    requestHash: string;
    renderedAt: string;
    /** Set when the render is a version of a living image (issue #25): it is listed with that
     *  living image (LiveImageVersionRendered), not among the user's images, and counts as usual. */
    live?: { projectId: string; name: string };
    /** Generated from the data drawn (issue #25); absent on renders recorded before it existed. */
    altText?: string;
    /**
     * One image of a split table (options.split): its place among the request's images. Every image
     * of a split carries the request's Idempotency-Key, so a replay answers all of them; absent on
     * an image that is the whole table (and on split images recorded before a replay knew them).
     */
    split?: { page: number; pages: number };
  } & StoredImage
>;
export type ImageDeleted = E<'ImageDeleted', { imageId: string; userId: string; filename: string; blobKey: string }>;
export type ImageDataPurged = E<'ImageDataPurged', { imageId: string }>;
/** The owner rewrote the image's alt text (issue #25). */
export type ImageAltTextChanged = E<'ImageAltTextChanged', { imageId: string; userId: string; altText: string }>;

/**
 * One table of the period held for a render that another stream must accept before it is counted
 * (a living image's version: its If-Match and its project are decided on live-{projectId}-{name}).
 * The quota is decided here, on the usage stream, before that other append: a held table counts
 * against the allowance until its TableRendered (same imageId) uses it, it is released, or it
 * expires (a process that died holding it gives it back by itself).
 */
export type TableReserved = E<
  'TableReserved',
  { imageId: string; userId: string; period: number; reservedAt: string; expiresAt: string }
>;
/** The render a table was held for was refused (409, 404): the table is free again, nothing counted. */
export type TableReservationReleased = E<
  'TableReservationReleased',
  { imageId: string; userId: string; period: number; releasedAt: string }
>;

export type ImagesEvent =
  TableRendered | TableReserved | TableReservationReleased | ImageDeleted | ImageDataPurged | ImageAltTextChanged;

// ── living images: live-{projectId}-{name} (issue #25) ─────────────────────────────────
/** How a version came: the dashboard (session), a user key or a project key. */
export type LiveAuthor = 'session' | 'user_key' | 'project_key';
/** A project's named image whose stable URL serves its current version. Versions number on
 *  across a delete and a re-create of the same name, so a version URL never changes meaning. */
export type LiveImageCreated = E<
  'LiveImageCreated',
  {
    liveImageId: string;
    projectId: string;
    userId: string;
    name: string;
    /** The project's endpoint path (immutable): the public URLs are /live/{its slug}/{name}…. */
    endpointPath: string;
    createdAt: string;
  }
>;
/** A new version, rendered; its TableRendered on the usage stream (the count) follows this event. */
export type LiveImageVersionRendered = E<
  'LiveImageVersionRendered',
  {
    liveImageId: string;
    projectId: string;
    userId: string;
    name: string;
    version: number;
    imageId: string;
    by: LiveAuthor;
    renderedAt: string;
    altText?: string;
    /**
     * A split version (options.split): its pages after the first (which the fields above describe),
     * in order; each is counted by its own TableRendered. Absent: the version is one image.
     */
    pages?: LiveVersionPage[];
  } & StoredImage
>;
/** Page 2, 3 … of a split living-image version: its own file, size and rows (format and columns as page 1). */
export interface LiveVersionPage extends Pick<
  StoredImage,
  'filename' | 'blobKey' | 'width' | 'height' | 'size' | 'rows'
> {
  imageId: string;
  altText?: string;
}
/** The stable URL serves an earlier version again; later versions stay listed. */
export type LiveImageRolledBack = E<
  'LiveImageRolledBack',
  {
    liveImageId: string;
    projectId: string;
    name: string;
    version: number;
    previousVersion: number;
    rolledBackAt: string;
  }
>;
/** Versions past the plan's retention, their files deleted (never the current or the newest one). */
export type LiveImageVersionsPurged = E<
  'LiveImageVersionsPurged',
  {
    liveImageId: string;
    projectId: string;
    name: string;
    versions: number[];
    purgedAt: string;
  }
>;
/** The owner rewrote the alt text of one version (as ImageAltTextChanged for other images). */
export type LiveImageAltTextChanged = E<
  'LiveImageAltTextChanged',
  {
    liveImageId: string;
    projectId: string;
    name: string;
    version: number;
    altText: string;
  }
>;
export type LiveImageDeleted = E<
  'LiveImageDeleted',
  {
    liveImageId: string;
    projectId: string;
    userId: string;
    name: string;
    deletedAt: string;
  }
>;

/**
 * The files (image and data twin) of versions of an ended living image are gone: appended after
 * they were removed, so a removal cut short (a crash, a store away) is finished by the sweep of
 * ended living images, which finds the versions still to remove from the stream itself. A
 * living image ends by LiveImageDeleted, its own or the one appended for its deleted project.
 */
export type LiveImageFilesRemoved = E<
  'LiveImageFilesRemoved',
  {
    projectId: string;
    name: string;
    versions: number[];
    removedAt: string;
  }
>;

export type LiveImagesEvent =
  | LiveImageCreated
  | LiveImageVersionRendered
  | LiveImageRolledBack
  | LiveImageVersionsPurged
  | LiveImageAltTextChanged
  | LiveImageDeleted
  | LiveImageFilesRemoved;

// ── billing: billing-{userId} (event ids derived from the provider's event ids) ───────
export type CheckoutCompleted = E<
  'CheckoutCompleted',
  {
    userId: string;
    providerEventId: string;
    customerId: string;
    subscriptionId: string;
    plan: PlanTier;
    amount: number | null;
    currency: string | null;
    occurredAt: string;
  }
>;
export type SubscriptionChanged = E<
  'SubscriptionChanged',
  {
    userId: string;
    providerEventId: string;
    subscriptionId: string;
    status: string;
    plan: PlanTier;
    currentPeriodEnd: string | null;
    occurredAt: string;
  }
>;
export type SubscriptionCanceled = E<
  'SubscriptionCanceled',
  {
    userId: string;
    providerEventId: string;
    subscriptionId: string;
    occurredAt: string;
  }
>;
/** What the provider says of one invoice, paid or not: InvoicePaid and InvoicePaymentFailed carry the same. */
type InvoiceFact = {
  userId: string;
  providerEventId: string;
  invoiceId: string;
  subscriptionId: string | null;
  amount: number;
  currency: string;
  occurredAt: string;
};
export type InvoicePaid = E<'InvoicePaid', InvoiceFact>;
export type InvoicePaymentFailed = E<'InvoicePaymentFailed', InvoiceFact>;

export type BillingEvent =
  CheckoutCompleted | SubscriptionChanged | SubscriptionCanceled | InvoicePaid | InvoicePaymentFailed;

export type JsonableEvent = AccountsEvent | ProjectsEvent | ImagesEvent | LiveImagesEvent | BillingEvent;
export type JsonableEventType = JsonableEvent['type'];
export type EventOf<T extends JsonableEventType> = Extract<JsonableEvent, { type: T }>;
