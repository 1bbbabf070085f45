import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The services the owner offers (`ServiceEntity`), versioned as categories are (`Versions1764740000000`)
 * and announced to the page cache as the other content tables (`ContentChanges1764300000000`). The
 * price is "from" `price_vnd` (optionally also `price_usd`), or "on request" when `price_vnd` is null,
 * which then leaves no USD price: `CHK_services_price` refuses the impossible combination (each CHECK is
 * written so that a NULL cannot make it pass by being unknown). The lengths
 * are `SERVICE_LIMITS` in the contracts as they were when this migration was written.
 */
export class Services1795781144630 implements MigrationInterface {
  name = 'Services1795781144630';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE services (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        slug varchar(200) NOT NULL,
        summary text NOT NULL DEFAULT '',
        deliverables text[] NOT NULL DEFAULT '{}',
        duration varchar(100) NOT NULL DEFAULT '',
        price_vnd int NULL,
        price_usd int NULL,
        cover varchar(255) NULL,
        position int NOT NULL DEFAULT 0,
        hidden boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        version int NOT NULL DEFAULT 1,
        updated_by int NULL,
        updated_via varchar(16) NOT NULL DEFAULT 'rest',
        updated_session varchar(120) NULL,
        CONSTRAINT "UQ_services_slug" UNIQUE (slug),
        CONSTRAINT "CHK_services_price" CHECK (price_usd IS NULL OR price_vnd IS NOT NULL),
        CONSTRAINT "CHK_services_price_vnd" CHECK (price_vnd >= 0),
        CONSTRAINT "CHK_services_price_usd" CHECK (price_usd >= 0),
        CONSTRAINT "FK_services_updated_by" FOREIGN KEY (updated_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT "CHK_services_updated_via" CHECK (updated_via IN ('rest', 'trpc', 'import', 'restore')),
        CONSTRAINT "CHK_services_version" CHECK (version > 0)
      )`);
    await q.query(`
      CREATE TRIGGER "TR_services_content_changed"
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON services
      FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS services`);
  }
}
