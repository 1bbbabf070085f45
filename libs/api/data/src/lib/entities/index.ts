import { AboutEntity } from './about.entity';
import { ApiTokenEntity } from './api-token.entity';
import { AutosaveEntity } from './autosave.entity';
import { CategoryEntity } from './category.entity';
import { ContactMessageEntity } from './contact-message.entity';
import { GeneralInfoEntity } from './general-info.entity';
import { ImportEntity } from './import.entity';
import { NotFoundHitEntity } from './not-found-hit.entity';
import { PasswordResetTokenEntity } from './password-reset-token.entity';
import { PostEntity } from './post.entity';
import { PostPreviewEntity } from './post-preview.entity';
import { ProjectEntity } from './project.entity';
import { RecoveryCodeEntity } from './recovery-code.entity';
import { RedirectEntity } from './redirect.entity';
import { RevisionEntity } from './revision.entity';
import { ServiceEntity } from './service.entity';
import { SessionEntity } from './session.entity';
import { SiteExportEntity } from './site-export.entity';
import { SlugHistoryEntity } from './slug-history.entity';
import { TestimonialEntity } from './testimonial.entity';
import { TwoFactorEntity } from './two-factor.entity';
import { UploadVariantEntity } from './upload-variant.entity';
import { UploadEntity } from './upload.entity';
import { UserEntity } from './user.entity';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookEntity } from './webhook.entity';

export { Versioned } from './versioned';

export {
  AboutEntity,
  ApiTokenEntity,
  AutosaveEntity,
  CategoryEntity,
  ContactMessageEntity,
  GeneralInfoEntity,
  ImportEntity,
  NotFoundHitEntity,
  PasswordResetTokenEntity,
  PostEntity,
  PostPreviewEntity,
  ProjectEntity,
  RecoveryCodeEntity,
  RedirectEntity,
  RevisionEntity,
  ServiceEntity,
  SessionEntity,
  SiteExportEntity,
  SlugHistoryEntity,
  TestimonialEntity,
  TwoFactorEntity,
  UploadEntity,
  UploadVariantEntity,
  UserEntity,
  WebhookDeliveryEntity,
  WebhookEntity,
};

export const entities = [
  UserEntity,
  CategoryEntity,
  PostEntity,
  PostPreviewEntity,
  AboutEntity,
  GeneralInfoEntity,
  ContactMessageEntity,
  SessionEntity,
  PasswordResetTokenEntity,
  SlugHistoryEntity,
  UploadEntity,
  UploadVariantEntity,
  TwoFactorEntity,
  RecoveryCodeEntity,
  ImportEntity,
  SiteExportEntity,
  RedirectEntity,
  NotFoundHitEntity,
  RevisionEntity,
  AutosaveEntity,
  ApiTokenEntity,
  WebhookEntity,
  WebhookDeliveryEntity,
  ServiceEntity,
  TestimonialEntity,
  ProjectEntity,
];
