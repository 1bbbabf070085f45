import { InitialSchema1763800000000 } from './1763800000000-initial-schema';
import { Auth1763900000000 } from './1763900000000-auth';
import { Singletons1764000000000 } from './1764000000000-singletons';
import { FastPublicReads1764100000000 } from './1764100000000-fast-public-reads';
import { SlugHistory1764200000000 } from './1764200000000-slug-history';
import { ContentChanges1764300000000 } from './1764300000000-content-changes';
import { RateLimits1764400000000 } from './1764400000000-rate-limits';
import { HighlightCodeBlocks1764460000000 } from './1764460000000-highlight-code-blocks';
import { SocialProfiles1764500000000 } from './1764500000000-social-profiles';
import { UploadsInDatabase1764600000000 } from './1764600000000-uploads-in-database';
import { ThumbnailAlt1764610000000 } from './1764610000000-thumbnail-alt';
import { ReadingTime1764630000000 } from './1764630000000-reading-time';
import { Publication1764640000000 } from './1764640000000-publication';
import { TwoFactor1764650000000 } from './1764650000000-two-factor';
import { Imports1764670000000 } from './1764670000000-imports';
import { SiteExports1764680000000 } from './1764680000000-site-exports';
import { Redirects1764685000000 } from './1764685000000-redirects';
import { Trash1764710000000 } from './1764710000000-trash';
import { UploadOriginalSize1764730000000 } from './1764730000000-upload-original-size';
import { Versions1764740000000 } from './1764740000000-versions';
import { Autosaves1764750000000 } from './1764750000000-autosaves';
import { RelatedKeywords1764760000000 } from './1764760000000-related-keywords';
import { ApiTokens1764770000000 } from './1764770000000-api-tokens';
import { Webhooks1764780000000 } from './1764780000000-webhooks';
import { AudioUploads1764790000000 } from './1764790000000-audio-uploads';
import { RenderedPages1764800000000 } from './1764800000000-rendered-pages';
import { RestorableFunctions1764805000000 } from './1764805000000-restorable-functions';
import { UnsafeRedirects1764813000000 } from './1764813000000-unsafe-redirects';
import { RenderedPagesPostIds1764814000000 } from './1764814000000-rendered-pages-post-ids';
import { CategoryDescriptions1764820000000 } from './1764820000000-category-descriptions';
import { SiteIdentity1764870000000 } from './1764870000000-site-identity';
import { RenderedPagesShown1764875000000 } from './1764875000000-rendered-pages-shown';
import { PortfolioRoutes1764880000000 } from './1764880000000-portfolio-routes';
import { Availability1764885000000 } from './1764885000000-availability';
import { Projects1795781141759 } from './1795781141759-projects';
import { Services1795781144630 } from './1795781144630-services';
import { Testimonials1795781154124 } from './1795781154124-testimonials';
import { ProjectServices1795781160000 } from './1795781160000-project-services';
import { ProjectTrashRevisions1795781170000 } from './1795781170000-project-trash-revisions';
import { Inquiries1795781200000 } from './1795781200000-inquiries';
import { ProjectSearch1795790000000 } from './1795790000000-project-search';
import { Stats1795800000000 } from './1795800000000-stats';
import { StatsRollups1795800100000 } from './1795800100000-stats-rollups';
import { Subscriptions1795810000000 } from './1795810000000-subscriptions';
import { SubscriberConfirmationsQueued1795820000001 } from './1795820000001-subscriber-confirmations-queued';
import { GeneralInfoSender1795820000002 } from './1795820000002-general-info-sender';
import { Comments1795830000000 } from './1795830000000-comments';
import { CommentsContentChanges1795830000010 } from './1795830000010-comments-content-changes';
import { CommentMails1795840000000 } from './1795840000000-comment-mails';
import { CommentsOfPost1795860000010 } from './1795860000010-comments-of-post';
import { ProjectComments1795870000010 } from './1795870000010-project-comments';
import { Languages1795880000000 } from './1795880000000-languages';
import { LonelyTranslationGroups1795880000010 } from './1795880000010-lonely-translation-groups';
import { PortfolioLanguages1795890000000 } from './1795890000000-portfolio-languages';

/** Every migration, in order. Listed explicitly so the bundled server needs no file globbing. */
export const migrations = [
  InitialSchema1763800000000,
  Auth1763900000000,
  Singletons1764000000000,
  FastPublicReads1764100000000,
  SlugHistory1764200000000,
  ContentChanges1764300000000,
  RateLimits1764400000000,
  HighlightCodeBlocks1764460000000,
  SocialProfiles1764500000000,
  UploadsInDatabase1764600000000,
  ThumbnailAlt1764610000000,
  ReadingTime1764630000000,
  Publication1764640000000,
  TwoFactor1764650000000,
  Imports1764670000000,
  SiteExports1764680000000,
  Redirects1764685000000,
  Trash1764710000000,
  UploadOriginalSize1764730000000,
  Versions1764740000000,
  Autosaves1764750000000,
  RelatedKeywords1764760000000,
  ApiTokens1764770000000,
  Webhooks1764780000000,
  AudioUploads1764790000000,
  RenderedPages1764800000000,
  RestorableFunctions1764805000000,
  UnsafeRedirects1764813000000,
  RenderedPagesPostIds1764814000000,
  CategoryDescriptions1764820000000,
  SiteIdentity1764870000000,
  RenderedPagesShown1764875000000,
  PortfolioRoutes1764880000000,
  Availability1764885000000,
  Projects1795781141759,
  Services1795781144630,
  Testimonials1795781154124,
  ProjectServices1795781160000,
  ProjectTrashRevisions1795781170000,
  Inquiries1795781200000,
  ProjectSearch1795790000000,
  Stats1795800000000,
  StatsRollups1795800100000,
  Subscriptions1795810000000,
  SubscriberConfirmationsQueued1795820000001,
  GeneralInfoSender1795820000002,
  Comments1795830000000,
  CommentsContentChanges1795830000010,
  CommentMails1795840000000,
  CommentsOfPost1795860000010,
  ProjectComments1795870000010,
  Languages1795880000000,
  LonelyTranslationGroups1795880000010,
  PortfolioLanguages1795890000000,
];
