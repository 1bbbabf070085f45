import { CATEGORY_DESCRIPTION_MAX_LENGTH, type AvailabilityState, type SiteIdentityField } from '@blog/contracts';

/** What a row of the Trash screen is. */
type TrashKind = 'post' | 'project';

/** Every admin label of the spec, letter for letter (some are Vietnamese), in one place. */
export const LABELS = {
  signInHeading: 'Sign in to your account',
  emailAddress: 'Email address',
  password: 'Password',
  forgotPassword: 'Forgot password?',
  signIn: 'Sign in',
  requestHeading: 'Request new password',
  rememberPassword: 'Remember your password?',
  submit: 'Submit',
  resetHeading: 'Set new password',
  newPassword: 'New Password',
  repeatPassword: 'Repeat Password',
  backToLogin: 'Go back to login',
  /** A refused reset request (429), `wait` in words ("60 minutes") when the server says it. */
  tooManyResetRequests: (wait?: string) =>
    `Too many password reset requests. Please try again ${wait ? `in ${wait}` : 'later'}.`,
  greeting: (name: string) => `Xin chào ${name}!`,
  /** Two-factor sign-in: the sign-in's second step and the profile's section (not in the spec). */
  twoFactor: {
    heading: 'Two-factor sign-in',
    authenticationCode: 'Authentication code',
    recoveryCode: 'Recovery code',
    useRecoveryCode: 'Use a recovery code',
    useAuthenticationCode: 'Use the authenticator app',
    verify: 'Verify',
    startOver: 'Sign in again',
    setUp: 'Set up two-factor sign-in',
    turnOn: 'Turn on',
    turnOff: 'Turn off two-factor sign-in',
    newRecoveryCodes: 'New recovery codes',
    copyCodes: 'Copy codes',
    downloadCodes: 'Download as .txt',
    done: 'Done',
  },
  profile: 'Thông tin cá nhân',
  /** The profile's API tokens section (beyond the spec's screens, so in English). */
  apiTokens: {
    heading: 'API tokens',
    intro:
      'A token lets a script call the REST API and tRPC as you, within the scopes you choose: send it as Authorization: Bearer <token>.',
    name: 'Token name',
    scopes: 'Scopes',
    scopeLabels: {
      'content:read': 'content:read: read posts, categories, About and general info',
      'content:write': 'content:write: write posts, categories, About and general info',
      'uploads:write': 'uploads:write: upload images and audio',
      'messages:read': 'messages:read: read contact messages',
    },
    expiry: 'Expires',
    expiryOptions: [
      { days: 0, label: 'Never' },
      { days: 7, label: 'In 7 days' },
      { days: 30, label: 'In 30 days' },
      { days: 90, label: 'In 90 days' },
      { days: 365, label: 'In a year' },
    ],
    create: 'Create token',
    newToken: (name: string) => `Your new token "${name}"`,
    shownOnce: 'Copy it now: you will not see it again.',
    copy: 'Copy token',
    copied: 'The token has been copied.',
    copyFailed: 'The token could not be copied: select it and copy it by hand.',
    done: 'Done',
    columns: ['Name', 'Scopes', 'Created', 'Last used', 'Expires', 'Actions'],
    never: 'Never',
    notUsed: 'Not yet',
    revoked: 'Revoked',
    expired: 'Expired',
    revoke: 'Revoke',
    revokeNamed: (name: string) => `Revoke the token ${name}`,
    confirmRevoke: (name: string) => `Revoke the token "${name}"? Scripts using it will be refused at once.`,
    revokedMessage: (name: string) => `The token "${name}" has been revoked.`,
    none: 'No API tokens yet.',
  },
  signOut: 'Đăng xuất',
  nav: {
    dashboard: 'Dashboard',
    categories: 'View Categories',
    posts: 'View Posts',
    addPost: 'Add Post',
    generalInfo: 'General Information',
    about: 'About us',
    sitemap: 'Sitemap',
    users: 'Users',
    messages: 'Messages',
    redirects: 'Redirects',
    webhooks: 'Webhooks',
    importExport: 'Import & export',
    trash: 'Trash',
  },
  /** The Trash screen (`trash/`, beyond the spec's screens, so in English). */
  trash: {
    columns: ['Title', 'Category', 'Deleted At', 'Days left', 'Actions'],
    /** The trashed projects' table, below the posts'. */
    projectsHeading: 'Projects',
    projectColumns: ['Title', 'Deleted At', 'Days left', 'Actions'],
    restore: 'Restore',
    deleteForever: 'Delete forever',
    empty: 'Empty trash',
    cancel: 'Cancel',
    none: 'The trash is empty.',
    explanation: (days: number) =>
      `Deleted posts and projects stay here for ${days} days, then they are deleted for good. Their images are kept.`,
    confirmOneTitle: 'Delete forever?',
    confirmOne: (title: string, kind: TrashKind = 'post') =>
      `The ${kind} ${title} will be deleted for good. This cannot be undone.`,
    confirmAllTitle: 'Empty the trash?',
    confirmAll: (count: number) =>
      `${count === 1 ? 'The post' : `All ${count} posts`} in the trash will be deleted for good. This cannot be undone.`,
    /** Emptying a trash that holds projects too. */
    confirmAllWithProjects: (posts: number, projects: number) =>
      `All ${posts} ${posts === 1 ? 'post' : 'posts'} and ${projects} ${projects === 1 ? 'project' : 'projects'} in the trash will be deleted for good. This cannot be undone.`,
    restored: (title: string, kind: TrashKind = 'post') => `The ${kind} ${title} has been restored.`,
    restoredAs: (title: string, slug: string, old: string, kind: TrashKind = 'post') =>
      kind === 'post'
        ? `The post ${title} has been restored as /${slug}: another post has /${old} now.`
        : `The project ${title} has been restored as /portfolio/${slug}: another project has /portfolio/${old} now.`,
    deleted: (title: string, kind: TrashKind = 'post') => `The ${kind} ${title} has been deleted forever.`,
    emptied: (count: number) => `${count === 1 ? '1 post has' : `${count} posts have`} been deleted forever.`,
    emptiedWithProjects: (posts: number, projects: number) =>
      `${posts} ${posts === 1 ? 'post' : 'posts'} and ${projects} ${projects === 1 ? 'project' : 'projects'} have been deleted forever.`,
  },
  /**
   * Versions (`versions/`): the conflict dialog when a save finds the record changed meanwhile,
   * and the History panel of a post and of the About page.
   */
  versions: {
    /** The conflict dialog's title: by the owner herself (another tab, another device) or by someone else. */
    conflictTitle: (byYou: boolean, who: string | null) =>
      byYou ? 'You saved this meanwhile, in another tab or window' : `${who ?? 'Someone else'} saved this meanwhile`,
    conflictIntro: 'Your changes are not saved yet. Choose which version to keep:',
    keepMine: 'Keep mine',
    keepMineHint: 'Save your version over theirs. Theirs stays in the history.',
    takeTheirs: 'Take theirs',
    takeTheirsHint: 'Load their version into the form. Yours stays here until you leave the page.',
    compare: 'Compare',
    hideCompare: 'Hide comparison',
    yours: 'Your version',
    theirs: 'Their version',
    noDifference: 'The two versions have the same content.',
    cancel: 'Decide later',
    /** "You, in Chrome 140 on Linux, at 14:32, in the admin" (who saved the newer version, where and when). */
    changedBy: (who: string | null, session: string | null, at: string, door: string) =>
      `${who ?? 'Someone'}${session ? `, in ${session}` : ''}, at ${at}, ${door}`,
    you: 'You',
    compareLegend:
      'Each version is compared with the one this form started from: underlined words it added, struck-through words it removed.',
    savedBy: (who: string | null, session: string | null, door: string) =>
      `${who ?? 'Someone'}${session ? ` on ${session}` : ''}, ${door}`,
    doors: { rest: 'through the API', trpc: 'in the admin', import: 'by an import', restore: 'by a restore' },
    theirsLoaded: 'Their version is loaded. Yours is kept here until you leave this page.',
    backToMine: 'Undo: back to mine',
    mineBack: 'Your version is back in the form, not saved yet.',
    added: 'added',
    removed: 'removed',
    history: 'History',
    historyHint: 'Each save keeps the version it replaced. Choose one to see how it differs from the form now.',
    noRevisions: 'No earlier versions yet: each save keeps the one it replaces.',
    revisionColumns: ['Saved at', 'By', 'Version'],
    show: 'Show',
    shown: 'Shown',
    diffHeading: (at: string) => `The version of ${at} compared with the form now`,
    diffLegend: 'Struck-through words are in that version only; underlined words are in the form only.',
    sameAsForm: 'This version has the same content as the form.',
    otherFields: 'Other fields that differ',
    restore: 'Restore this version',
    restored: (at: string) =>
      `The version of ${at} is loaded into the form. Submit to save it; the version it replaces stays in the history.`,
    close: 'Close',
  },
  /** A form's button: 'Add' while no record exists, 'Update' once one does, as the spec's screens label it. */
  add: 'Add',
  update: 'Update',
  cancel: 'Cancel',
  /** About and General information: back to /admin/dashboard. */
  home: 'Home',
  /** The category modal: the spec's 'Create new category', 'Update category' while it edits one. */
  category: {
    createTitle: 'Create new category',
    updateTitle: 'Update category',
    tab: 'Category Info',
    name: 'Name',
    slug: 'Slug',
    description: 'Description',
    descriptionHint: `Shown under the name on the home page's topic tiles (at most ${CATEGORY_DESCRIPTION_MAX_LENGTH} characters).`,
  },
  /** Row actions of the admin tables. */
  edit: 'Sửa',
  delete: 'Xóa',
  /** About admin screen: its one rich-text field. */
  content: 'Content',
  /** The post form's fields beyond the spec's (English, as the spec's own labels). */
  post: {
    /** Shown once a thumbnail is chosen; its hint is `ALT_TEXT_HINT` (contracts). */
    thumbnailAlt: 'Thumbnail alt text',
    /** The SEO check panel beside the meta fields (`seo-panel.tsx`). */
    seo: {
      heading: 'SEO check',
      focusKeyword: 'Focus keyword',
      focusKeywordHint: 'Not saved: with or without accents, "ha giang" finds "Hà Giang".',
      checks: 'Checks',
      states: { good: 'Good', improve: 'Improve', problem: 'Problem' },
      searchPreview: 'Search result preview',
      linkPreview: 'Link card preview (Facebook, Zalo)',
      noThumbnail: 'No thumbnail: the site’s default image is shown',
    },
    /** The Publication fieldset beside Hide (`publication-field.tsx`). */
    publication: {
      legend: 'Publication',
      draft: 'Draft',
      publishNow: 'Publish now',
      published: 'Published on',
      schedule: 'Schedule',
      publishAt: 'Publish on',
      timeZoneHint: 'The site’s time:',
    },
    /** Private preview links (`preview-links.tsx`), on the edit screen. */
    preview: {
      heading: 'Preview',
      hint: 'A private link to read this post as last saved, even as a draft or scheduled. Anyone with the link can read it until it expires.',
      create: 'Get a preview link',
      copy: 'Copy link',
      end: 'End all preview links',
      worksUntil: 'works until',
      copied: 'The preview link has been copied.',
      copyFailed: 'The link could not be copied: select it and copy it by hand.',
      ended: 'Every preview link to this post has stopped working.',
    },
    /** The state beside Show/Hide in the posts table. */
    states: { draft: 'Draft', scheduled: 'Scheduled for' },
  },
  /** The Webhooks screen (`webhooks/`, beyond the spec's screens, so in English). */
  webhooks: {
    hint: "Each event is sent as a signed JSON POST to the URLs that chose it, and retried for about two hours while the receiver fails. How a receiver checks the signature: docs/api/webhooks.md, in the site's code.",
    add: 'Add webhook',
    createTitle: 'Add webhook',
    updateTitle: 'Update webhook',
    url: 'URL',
    urlHint: 'The receiver’s address (https://…). Private addresses are refused unless the server allows them.',
    events: 'Events',
    active: 'Active',
    activeHint: 'An inactive webhook is sent nothing (but a test event).',
    lastDelivery: 'Last delivery',
    columns: ['URL', 'Events', 'Active', 'Last delivery', 'Actions'],
    yes: 'Yes',
    no: 'No',
    none: 'No webhooks yet.',
    sendTest: 'Send test event',
    testSent: 'A test event has been queued: see the delivery log.',
    showSecret: 'Show secret',
    secret: 'Signing secret',
    secretHint: 'Keep it in the receiver: it checks each delivery’s Webhook-Signature with it.',
    secretNew: 'The webhook has been added. Its signing secret:',
    rotateSecret: 'New secret',
    confirmRotate: 'Deliveries will be signed with a new secret from now on; the receiver must be given it. Continue?',
    deliveries: 'Delivery log',
    deliveriesOf: (url: string) => `Delivery log of ${url}`,
    deliveryColumns: ['Event', 'Status', 'Response', 'Attempts', 'Duration', 'Time', 'Actions'],
    statuses: { pending: 'Pending', succeeded: 'Delivered', failed: 'Failed' },
    noDeliveries: 'Nothing sent yet.',
    sendAgain: 'Send again',
    sentAgain: 'The delivery has been queued again.',
    confirmDelete: (url: string) => `Delete the webhook ${url} and its delivery log?`,
    deleted: (url: string) => `The webhook ${url} has been deleted.`,
    saved: (url: string) => `The webhook ${url} has been saved.`,
    close: 'Close',
  },
  /** The redirects screen and its 404 log (`redirects/`, not in the spec). */
  redirects: {
    add: 'Add redirect',
    createTitle: 'Add redirect',
    updateTitle: 'Update redirect',
    filter: 'Filter redirects by path',
    from: 'From',
    to: 'To',
    type: 'Type',
    hits: 'Hits',
    lastHit: 'Last hit',
    types: { 301: '301 Permanent', 302: '302 Temporary' },
    fromHint: 'The old address on this site, such as /2019/05/old-post/ or /?p=123. A trailing slash does not matter.',
    toHint: 'Where it leads now, a path on this site such as /new-post.',
    notFound: {
      heading: '404 log',
      hint: 'Public addresses that answered “not found”, the most visited first. Only the host of the linking page is kept.',
      path: 'Path',
      lastSeen: 'Last seen',
      referrer: 'Referred by',
      createRedirect: 'Create redirect',
      clear: 'Clear log',
      empty: 'No 404 so far.',
    },
  },
  generalInfo: {
    logo1: 'Logo 1',
    logo2: 'Logo 2',
    favicon: 'Favicon',
    /** Where each image appears on the site, under its picker. */
    logo1Hint:
      'Shown in the header of every page (the site’s name is shown instead when there is none), and as the publisher’s logo of the posts in search results.',
    logo2Hint:
      'Shown in the footer of every page, above the copyright line (the footer shows no logo when there is none).',
    faviconHint: 'The icon of the browser tab, on the public pages, the sign-in page and the admin.',
    /** The fieldset of the site's identity, its fields (`SITE_IDENTITY_FIELDS`) and where each appears. */
    identity: 'Site identity',
    identityFields: {
      site_name: 'Site name',
      site_description: 'Site description',
      author_name: 'Author name',
      copyright_holder: 'Copyright holder',
      hero_greeting: 'Hero greeting',
      hero_title: 'Hero title',
      hero_text: 'Hero text',
    } satisfies Record<SiteIdentityField, string>,
    identityHints: {
      site_name:
        'In the header when there is no Logo 1, the home page’s title, the feed, link previews, mails and the admin.',
      site_description:
        'What search engines, link previews and the feed show for pages without a description of their own.',
      author_name: 'In the byline of posts, and as their author for search engines.',
      copyright_holder: 'In the footer’s copyright line.',
      hero_greeting: 'Above the hero title, in the band at the top of the home page (left out when empty).',
      hero_title: 'The big title of the home page’s hero band.',
      hero_text: 'Under the hero title (left out when empty).',
    } satisfies Record<SiteIdentityField, string>,
    heroImage: 'Hero picture',
    heroImageHint:
      'Behind the home page’s hero band (a wide picture, about 1600 × 640), and the link preview of pages without a picture of their own.',
    email: 'Email',
    phone: 'Phone',
    address: 'Address',
    /** The fieldset of the social profile fields, each labelled with its network's name (`SOCIAL_NETWORKS`). */
    socialProfiles: 'Social profiles',
    /** The fieldset of the owner's availability (`AVAILABILITY_STATES`), shown on the home page's hero. */
    availability: 'Availability',
    availabilityState: 'Taking work',
    availabilityStates: {
      available: 'Available',
      booked: 'Booked until a date',
      not_taking_work: 'Not taking work',
    } satisfies Record<AvailabilityState, string>,
    bookedUntil: 'Booked until',
    bookedUntilHint: 'The last day of the booking: from the next day the site says you are available, by itself.',
    availabilityNote: 'Your line',
    availabilityNoteHint: 'One short sentence beside it on the home page (left out when empty).',
  },
  /** The Import & export screen (`import-export/*`): not in the spec, English like its other screen labels. */
  importExport: {
    exportHeading: 'Export',
    exportHint:
      'One .zip archive of the whole site (posts, categories, pages, uploads, settings) that Import reads back.',
    includeMessages: 'Include contact messages',
    includeMessagesHint: 'Left out unless ticked: they hold visitors’ e-mail addresses and phone numbers.',
    export: 'Export',
    exportProgress: 'Export progress',
    download: 'Download',
    recentExports: 'Recent exports',
    expired: 'Expired',
    importHeading: 'Import',
    source: 'Source',
    sources: {
      wxr: 'WordPress export (.xml)',
      ghost: 'Ghost export (.json)',
      archive: 'Site archive (.zip) made by Export',
    },
    file: 'Export file',
    images: 'Images folder as a zip (wp-content/uploads or content/images)',
    imagesHint: 'Optional; without it images are fetched from the old site.',
    pagesCategory: 'Pages category',
    pagesCategoryHint: 'Pages of the old site become posts in this category (made if it does not exist).',
    onConflict: 'When a slug is already taken on this site',
    conflictModes: {
      skip: { label: 'Skip', hint: 'Keep what is on the site and leave the imported item out.' },
      overwrite: { label: 'Overwrite', hint: 'Replace what is on the site with the imported item.' },
      keep_both: { label: 'Keep both', hint: 'Import the item beside it, under a new slug.' },
    },
    check: 'Check (dry run)',
    uploadProgress: 'Upload progress',
    importProgress: 'Import progress',
    cancel: 'Cancel',
    runImport: 'Run import',
    history: 'History',
    report: 'Report',
    close: 'Close',
    backupsHeading: 'Backups',
    backUpNow: 'Back up now',
    restore: 'Restore this backup',
    restoreConfirm: 'Restore',
  },
  /** Autosave of the post and About editors; `time` as `formatTime` writes it ("14:32"). */
  autosave: {
    saved: (time: string) => `Saved a draft at ${time}`,
    offline: 'Offline: kept on this device',
    saving: 'Saving a draft…',
    restore: (time: string) => `Restore unsaved changes from ${time}`,
    discard: 'Discard',
    offerHeading: 'Unsaved changes were found',
  },
} as const;

/** The one local-storage item of the spec: the signed-in e-mail. */
export const AUTH_NAME_KEY = 'auth_name';
