import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article, ArticleList } from '@console/contract/knowledge';
import { jsonResponse, renderWithApp, TEST_BRANDS } from '../../test-utils';
import { NotificationBadge } from '../../ui/NotificationBadge';
import { articleStatus, articleTitle, filterArticles, visibleTags } from './article-display';
import { useBadge } from './badge';
import { KnowledgePanel } from './KnowledgePanel';

const BRAND = TEST_BRANDS[0].id;

function article(overrides: Partial<Article>): Article {
  return {
    id: 'art-1',
    brand_id: BRAND,
    title: 'Resetting an emergency stop',
    content: 'Twist the red button clockwise.',
    excerpt: 'Release the button, then reset.',
    status: 'published',
    category: 'troubleshooting',
    views: 1234,
    tags: ['safety', 'e-stop', 'reset', 'hardware', 'pendant'],
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-18T00:00:00.000Z',
    ...overrides,
  };
}

const COUNTS = { all: 2, 'getting-started': 1, troubleshooting: 1, 'api-docs': 0, tutorials: 0 };

function stubKnowledge(answer: (url: URL) => Response) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url);
      return answer(url);
    }),
  );
  return urls;
}

const list = (articles: Article[]): ArticleList => ({ articles, pagination: { page: 1, limit: 100, total: articles.length }, category_counts: COUNTS });

afterEach(() => vi.unstubAllGlobals());

describe('article display helpers', () => {
  it("shows up to 3 tags and counts the rest for '+N more'", () => {
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(visibleTags(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(visibleTags(null)).toEqual({ shown: [], more: 0 });
  });

  it("defaults the title to 'Untitled Article' and the status to draft", () => {
    expect(articleTitle({ title: null })).toBe('Untitled Article');
    expect(articleStatus({ status: null })).toBe('draft');
    expect(articleStatus({ status: 'pending' })).toBe('pending');
  });

  it('matches title and content', () => {
    const items = [article({ id: '1', title: 'VPN', content: 'tunnel' }), article({ id: '2', title: 'Printer', content: 'paper tray' })];
    expect(filterArticles(items, 'TRAY').map((a) => a.id)).toEqual(['2']);
    expect(filterArticles(items, 'vpn').map((a) => a.id)).toEqual(['1']);
  });
});

describe('KnowledgePanel', () => {
  it("shows cards with 3 tags plus '+2 more', views, status, category and the category counts", async () => {
    stubKnowledge(() => jsonResponse(list([article({}), article({ id: 'art-2', title: null, status: undefined as unknown as Article['status'], tags: [], category: 'getting-started' })])));
    renderWithApp(<KnowledgePanel />);
    const cards = await screen.findAllByTestId('article-card');
    expect(cards[0]).toHaveTextContent('Resetting an emergency stop');
    expect(cards[0]).toHaveTextContent('Release the button, then reset.');
    expect(cards[0]).toHaveTextContent('1,234');
    expect(cards[0]).toHaveTextContent('troubleshooting');
    expect(cards[0]).toHaveTextContent('published');
    const tags = within(cards[0]).getByLabelText('Tags');
    expect(tags).toHaveTextContent('safety');
    expect(tags).toHaveTextContent('reset');
    expect(tags).not.toHaveTextContent('hardware');
    expect(tags).toHaveTextContent('+2 more');
    expect(cards[1]).toHaveTextContent('Untitled Article');
    expect(cards[1]).toHaveTextContent('draft');
    expect(screen.getByTestId('category-count-all')).toHaveTextContent('2');
    expect(screen.getByTestId('category-count-api-docs')).toHaveTextContent('0');
  });

  it('asks the server for one category when a filter is chosen', async () => {
    const urls = stubKnowledge(() => jsonResponse(list([article({})])));
    renderWithApp(<KnowledgePanel />);
    await screen.findByTestId('article-card');
    expect(urls[0].searchParams.has('category')).toBe(false);
    await userEvent.click(screen.getByRole('tab', { name: /Tutorials/ }));
    await waitFor(() => expect(urls.some((u) => u.searchParams.get('category') === 'tutorials')).toBe(true));
  });

  it("says 'No articles found' when searching, 'No articles yet' when empty, and keeps Edit/Delete/Create inert", async () => {
    const urls = stubKnowledge(() => jsonResponse(list([article({})])));
    const { unmount } = renderWithApp(<KnowledgePanel />);
    await screen.findByTestId('article-card');
    const before = urls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(urls.length).toBe(before);
    expect(screen.getAllByTestId('article-card')).toHaveLength(1);
    await userEvent.type(screen.getByPlaceholderText('Search articles...'), 'submarine');
    expect(screen.getByText('No articles found')).toBeInTheDocument();
    unmount();

    stubKnowledge(() => jsonResponse(list([])));
    renderWithApp(<KnowledgePanel />);
    expect(await screen.findByText('No articles yet')).toBeInTheDocument();
  });

  it('shows the load error with Try again', async () => {
    stubKnowledge(() => jsonResponse({ error: 'x', code: 'INTERNAL' }, 500));
    renderWithApp(<KnowledgePanel />);
    expect(await screen.findByText('Failed to load articles. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

function BadgeProbe() {
  return <NotificationBadge count={useBadge()} />;
}

describe('knowledge badge', () => {
  it('counts pending articles', async () => {
    const urls = stubKnowledge(() => jsonResponse({ count: 7, total: 40, trend: 0 }));
    renderWithApp(<BadgeProbe />);
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('7'));
    expect(urls[0].pathname).toBe('/api/v1/knowledge/count');
    expect(urls[0].searchParams.get('status')).toBe('pending');
  });
});
