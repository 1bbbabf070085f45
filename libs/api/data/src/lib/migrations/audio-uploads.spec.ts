// Specs only: the shared test harness builds on this library, hence the dependency the layering rule would refuse.
import { useTestDatabase } from '../../testing';
import { AudioUploads1764790000000 } from './1764790000000-audio-uploads';

describe('the audio uploads migration (uploads without a pixel size)', () => {
  const database = useTestDatabase();
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => database.dataSource.query(sql, params);
  const insert = (name: string, contentType: string, size: number | null) =>
    query(
      `INSERT INTO uploads (name, content, content_type, width, height, original_width, original_height, byte_size)
       VALUES ($1, '\\x00', $2, $3, $3, $3, $3, 1)`,
      [name, contentType, size],
    );

  beforeEach(async () => {
    await query(`DELETE FROM uploads`);
  });

  it('keeps images with a size and audio without; down deletes the audio clips and requires sizes again', async () => {
    await insert('photo.png', 'image/png', 10);
    await insert('clip.mp3', 'audio/mpeg', null);
    const migration = new AudioUploads1764790000000();
    const runner = database.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      expect(await query(`SELECT name FROM uploads`)).toEqual([{ name: 'photo.png' }]);
      await expect(insert('other.png', 'image/png', null)).rejects.toThrow(/null value/);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    await insert('clip.ogg', 'audio/ogg', null);
    await expect(insert('sized.wav', 'audio/wav', 5)).rejects.toThrow(/uploads_size_by_kind/);
    await expect(insert('unsized.jpg', 'image/jpeg', null)).rejects.toThrow(/uploads_size_by_kind/);
    expect(await query(`SELECT name FROM uploads ORDER BY name`)).toEqual([
      { name: 'clip.ogg' },
      { name: 'photo.png' },
    ]);
  });
});
