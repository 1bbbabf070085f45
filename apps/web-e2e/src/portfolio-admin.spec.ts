import { expect, test } from '@playwright/test';
import { signIn } from './support/admin';
import { queryDatabase } from './support/site';

// The owner adds a project with a result, then a client's words about it, from the admin.

const PROJECT = { title: 'Trang đặt phòng homestay', slug: 'trang-dat-phong-homestay' };
const CLIENT = 'Nguyễn Thị Lan';

async function removeTestRecords(): Promise<void> {
  await queryDatabase('DELETE FROM testimonials WHERE name = $1', [CLIENT]);
  await queryDatabase('DELETE FROM projects WHERE slug = $1', [PROJECT.slug]);
}

test.describe('the portfolio in the admin', () => {
  test.beforeEach(removeTestRecords);
  test.afterAll(removeTestRecords);

  test('the owner adds a project with a result and a testimonial about it, and sees them listed', async ({ page }) => {
    await signIn(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('link', { name: 'Add project' }).click();
    await page.getByLabel(/^Title/).fill(PROJECT.title);
    await expect(page.getByLabel('Slug')).toHaveValue(PROJECT.slug);
    await page.getByLabel('Client', { exact: true }).fill('Sapa Homestay');
    await page.getByRole('button', { name: 'Add result' }).click();
    await page.getByLabel(/^Result 1 label/).fill('Bookings');
    await page.getByLabel(/^Result 1 value/).fill('+38 %');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/admin\/projects$/);
    await expect(page.getByRole('status')).toHaveText(`The project ${PROJECT.title} has been saved.`);
    await expect(page.getByRole('row', { name: new RegExp(PROJECT.title) })).toContainText('Published');

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Testimonials' }).click();
    await page.getByRole('button', { name: 'Add testimonial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add testimonial' });
    await dialog.getByLabel(/^Name/).fill(CLIENT);
    await dialog.getByLabel(/^Quote/).fill('Khách đặt phòng trực tiếp nhiều hơn hẳn.');
    await dialog.getByLabel('Project').selectOption({ label: PROJECT.title });
    await dialog.getByLabel(/^Agreed to be quoted on/).fill('2026-10-01');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('status')).toHaveText(`The testimonial of ${CLIENT} has been saved.`);
    await expect(page.getByRole('row', { name: new RegExp(CLIENT) })).toContainText(PROJECT.title);

    // The project's form names the testimonial about it, and kept the result.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('link', { name: `Sửa ${PROJECT.title}` }).click();
    await expect(page.getByRole('link', { name: `${CLIENT} on this project` })).toBeVisible();
    await expect(page.getByLabel(/^Result 1 value/)).toHaveValue('+38 %');
  });
});
