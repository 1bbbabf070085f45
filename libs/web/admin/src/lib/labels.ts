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
    importExport: 'Import & export',
    trash: 'Trash',
  },
  /** The Trash screen (`trash/`, not in the spec: issue 20). */
  trash: {
    columns: ['Title', 'Category', 'Deleted At', 'Days left', 'Actions'],
    restore: 'Restore',
    deleteForever: 'Delete forever',
    empty: 'Empty trash',
    cancel: 'Cancel',
    none: 'The trash is empty.',
    explanation: (days: number) =>
      `Deleted posts stay here for ${days} days, then they are deleted for good. Their images are kept.`,
    confirmOneTitle: 'Delete forever?',
    confirmOne: (title: string) => `The post ${title} will be deleted for good. This cannot be undone.`,
    confirmAllTitle: 'Empty the trash?',
    confirmAll: (count: number) =>
      `${count === 1 ? 'The post' : `All ${count} posts`} in the trash will be deleted for good. This cannot be undone.`,
    restored: (title: string) => `The post ${title} has been restored.`,
    restoredAs: (title: string, slug: string, old: string) =>
      `The post ${title} has been restored as /${slug}: another post has /${old} now.`,
    deleted: (title: string) => `The post ${title} has been deleted forever.`,
    emptied: (count: number) => `${count === 1 ? '1 post has' : `${count} posts have`} been deleted forever.`,
  },
  /** A form's button: 'Add' while no record exists, 'Update' once one does (spec sections 2 and 4). */
  add: 'Add',
  update: 'Update',
  cancel: 'Cancel',
  /** About and General information: back to /admin/dashboard. */
  home: 'Home',
  /** The category modal: 'Create new category' (spec section 4), 'Update category' while it edits one. */
  category: {
    createTitle: 'Create new category',
    updateTitle: 'Update category',
    tab: 'Category Info',
    name: 'Name',
    slug: 'Slug',
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
    email: 'Email',
    phone: 'Phone',
    address: 'Address',
    /** The fieldset of the social profile fields, each labelled with its network's name (`SOCIAL_NETWORKS`). */
    socialProfiles: 'Social profiles',
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
  /** Autosave of the post and About editors (issue 20 point 4); `time` as `formatTime` writes it ("14:32"). */
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
