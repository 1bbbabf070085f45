import { fireEvent, render, screen } from '@testing-library/react';
import { ErrorRetry } from '../error-retry/error-retry';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('covers the window by default and is announced as loading', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('status')).toHaveClass('ui-spinner--full-screen');
  });

  it('can cover its container instead, with its own label', () => {
    render(<Spinner variant="overlay" label="Sending…" />);
    expect(screen.getByRole('status')).toHaveClass('ui-spinner--overlay');
    expect(screen.getByRole('status')).toHaveTextContent('Sending…');
  });
});

describe('ErrorRetry', () => {
  it('says what happened and tries again on request', () => {
    const onRetry = jest.fn();
    render(<ErrorRetry onRetry={onRetry} message="The posts could not be loaded." />);
    expect(screen.getByRole('alert')).toHaveTextContent('The posts could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('cannot be pressed again while retrying', () => {
    render(<ErrorRetry onRetry={() => undefined} retrying />);
    expect(screen.getByRole('button', { name: 'Trying again…' })).toBeDisabled();
  });
});
