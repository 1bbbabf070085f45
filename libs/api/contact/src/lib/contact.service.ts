import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, type Repository } from 'typeorm';
import {
  CONTACT_RATE_LIMITS,
  formatWait,
  inquiryTopicPath,
  OK,
  splitLanguagePath,
  type ContactMessage,
  type ContactMessageRow,
  type InquiryTopicKind,
  type MessagesQuery,
  type Ok,
  visitSourceText,
} from '@blog/contracts';
import {
  ContactMessageEntity,
  ProjectEntity,
  readSiteIdentity,
  ServiceEntity,
  visibleProjectSql,
} from '@blog/api/data';
import {
  APP_CONFIG,
  DomainError,
  DomainEvents,
  SiteLanguages,
  VisitSources,
  type AppConfig,
  type VisitRequest,
} from '@blog/api/core';
import { clientAddress, RateLimiter } from '@blog/api/security';
import { MailService } from '@blog/api/mail';

type Topic = NonNullable<ContactMessageRow['topic']>;

function toRow(message: ContactMessageEntity): ContactMessageRow {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    phone: message.phone,
    message: message.message,
    read: message.read_at !== null,
    created_at: message.created_at.toISOString(),
    topic:
      message.topic_kind && message.topic_slug !== null && message.topic_title !== null
        ? { kind: message.topic_kind, slug: message.topic_slug, title: message.topic_title }
        : null,
    source_path: message.source_path,
    visit_source: message.visit_source ? { source: message.visit_source, name: message.visit_source_name } : null,
  };
}

/** What a message is about and where it came from, as the owner's mail says it. */
function inquiryLines({ topic, source_path, visit_source }: ContactMessageRow): string {
  const about = topic
    ? `About the ${topic.kind} “${topic.title}”: ${inquiryTopicPath(topic.kind, topic.slug, source_path)}\n`
    : '';
  const lines =
    about +
    (source_path ? `Sent from the page ${source_path}\n` : '') +
    (visit_source ? `The visit came from ${visitSourceText(visit_source)}\n` : '');
  return lines && `${lines}\n`;
}

/** Who sends a message, as the rate limits and the visit's source know them (a server-side caller has no request). */
export function senderOf(req: Request | undefined): VisitRequest {
  return { address: clientAddress(req), headers: req?.headers ?? {} };
}

/** One line, for a mail header: a visitor's name never adds a header of its own. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

@Injectable()
export class ContactService {
  private readonly logger = new Logger('Contact');
  private readonly limiter: RateLimiter<keyof typeof CONTACT_RATE_LIMITS>;

  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly events: DomainEvents,
    @InjectRepository(ProjectEntity) private readonly projects: Repository<ProjectEntity>,
    @InjectRepository(ServiceEntity) private readonly services: Repository<ServiceEntity>,
    private readonly visitSources: VisitSources,
    private readonly languages: SiteLanguages,
    dataSource: DataSource,
  ) {
    this.limiter = new RateLimiter(
      dataSource,
      'contact',
      CONTACT_RATE_LIMITS,
      (seconds) => `Too many messages have been sent. Please try again in ${formatWait(seconds)}.`,
    );
  }

  /**
   * Stores a validated message for the owner's inbox and returns its id, unless `address` (the
   * client's) or the sender's e-mail has used up its `CONTACT_RATE_LIMITS`: then 429, nothing stored.
   * With `CONTACT_NOTIFY_EMAIL` and SMTP set, the owner is also mailed, without waiting: a slow or
   * failing mail server never delays or fails the visitor's request, nor loses the stored message
   * (the failure is logged).
   *
   * An inquiry's project or service is stored with the title the public reads now; one the public
   * cannot read (unknown, hidden, a draft) is ignored and the message stored as a plain one: a
   * visitor who followed an old link is never refused for it.
   *
   * The source of the visit that sent it (search, Facebook …) is stored with it when the analytics
   * counted the visit's entry today (`VisitSources`); never anything of the visitor.
   */
  async send(message: ContactMessage, sender: VisitRequest): Promise<{ id: number }> {
    const { address } = sender;
    await this.limiter.consume({
      perAddress: address,
      perAddressDaily: address,
      perEmailDaily: message.email.toLowerCase(),
    });
    const topic = await this.topicOf(message);
    const visit = this.visitSources.of(sender);
    const saved = await this.messages.save(
      this.messages.create({
        name: message.name,
        email: message.email,
        phone: message.phone,
        message: message.message,
        topic_kind: topic?.kind ?? null,
        topic_slug: topic?.slug ?? null,
        topic_title: topic?.title ?? null,
        source_path: message.from,
        visit_source: visit?.source ?? null,
        visit_source_name: visit?.name ?? null,
        read_at: null,
      }),
    );
    this.notifyOwner(saved);
    await this.events.emit('contact.received', toRow(saved));
    return { id: saved.id };
  }

  /** The inbox, newest first: those about `topic` (and the project or service `slug`), sent `from` a page, when given. */
  async list(query: MessagesQuery = {}): Promise<ContactMessageRow[]> {
    const topic = query.topic === 'none' ? IsNull() : query.topic;
    const messages = await this.messages.find({
      where: { topic_kind: topic, topic_slug: query.slug, source_path: query.from },
      order: { created_at: 'DESC', id: 'DESC' },
    });
    return messages.map(toRow);
  }

  /**
   * The project or service a message is about, as the public reads it now in the language of the page
   * it was sent from (a slug may name one in each language); null when none or not readable.
   */
  private async topicOf(message: ContactMessage): Promise<Topic | null> {
    const [kind, slug]: [InquiryTopicKind, string | undefined] = message.project
      ? ['project', message.project]
      : ['service', message.service];
    if (!slug) return null;
    const language =
      splitLanguagePath(message.from ?? '/').language ?? (await this.languages.settings()).default_language;
    // The public's rules, as the projects' and services' pages read them: visible projects, shown services.
    const title =
      kind === 'project'
        ? (
            await this.projects
              .createQueryBuilder('project')
              .select(['project.title'])
              .where(visibleProjectSql('project'))
              .andWhere('project.slug = :slug AND project.language = :language', { slug, language })
              .getOne()
          )?.title
        : (await this.services.findOne({ select: { name: true }, where: { slug, language, hidden: false } }))?.name;
    return title === undefined ? null : { kind, slug, title };
  }

  /** Marks a message read (or unread again) and answers it as it now is. */
  async markRead(id: number, read: boolean): Promise<ContactMessageRow> {
    const message = await this.messages.findOneBy({ id });
    if (!message) throw DomainError.notFound('Message');
    if (read !== (message.read_at !== null)) {
      await this.messages.update({ id }, { read_at: read ? new Date() : null });
    }
    return toRow(await this.messages.findOneByOrFail({ id }));
  }

  async remove(id: number): Promise<Ok> {
    const { affected } = await this.messages.delete({ id });
    if (!affected) throw DomainError.notFound('Message');
    return OK;
  }

  private notifyOwner(message: ContactMessageEntity): void {
    const to = this.config.contactNotifyEmail;
    if (!to || !this.mail.delivers) return;
    // Not awaited by the request; a failure is logged, never thrown.
    this.mailOwner(to, message).catch((error: unknown) =>
      this.logger.error(
        `Could not mail contact message ${message.id} to ${to}: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }

  private async mailOwner(to: string, message: ContactMessageEntity): Promise<void> {
    const site = await readSiteIdentity(this.messages.manager);
    await this.mail.send({
      to,
      fromName: site.site_name,
      subject: `New message from ${oneLine(message.name)} on ${site.site_name}`,
      text:
        `${message.name} <${message.email}>${message.phone ? `, phone ${message.phone}` : ''} wrote:\n\n` +
        `${message.message}\n\n` +
        inquiryLines(toRow(message)) +
        `Write back to ${message.email}; the message is also in the back-office: ${this.config.siteUrl}/admin`,
    });
  }
}
