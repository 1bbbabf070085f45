import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sender of the subscription mails, in General information: a name and an address. Empty (an
 * existing site until the owner sets them): the site's name and the server's `MAIL_FROM`.
 */
export class GeneralInfoSender1795820000002 implements MigrationInterface {
  name = 'GeneralInfoSender1795820000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE general_info
         ADD COLUMN sender_name varchar(100) NOT NULL DEFAULT '',
         ADD COLUMN sender_address varchar(254) NOT NULL DEFAULT ''`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE general_info DROP COLUMN sender_name, DROP COLUMN sender_address`);
  }
}
