import { Link } from 'react-router-dom';
import { trpc } from '@blog/web/data';
import { LABELS } from '../labels';

const TEXT = LABELS.project.fields;

/** Which testimonial is about this project: the link lives on the testimonial (its project), so it is chosen there. */
export function ProjectTestimonial({ projectId }: { projectId: number }) {
  const testimonials = trpc.testimonials.adminList.useQuery();
  const about = testimonials.data?.filter((testimonial) => testimonial.project_id === projectId) ?? [];
  return (
    <section className="admin-field" aria-label={TEXT.testimonial}>
      <span className="admin-label">{TEXT.testimonial}</span>
      {testimonials.data &&
        (about.length === 0 ? (
          <p className="admin-field-hint">{TEXT.testimonialNone}</p>
        ) : (
          <ul>
            {about.map((testimonial) => (
              <li key={testimonial.id}>
                <Link to="/admin/testimonials">{TEXT.testimonialOf(testimonial.name)}</Link>
                {testimonial.hidden && ` (${LABELS.ordering.hidden})`}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
