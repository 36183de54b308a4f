import { type Kysely, sql } from 'kysely';

/**
 * The words of every provider's names, for a fuzzy name search whose cost does not grow with
 * the directory (issue 8, ADR 013). A trigram index over whole names has to read and rank every
 * name that contains a common word ("sunshine" is in one name in thirty): 15 ms at 100,000
 * providers, ten times that at 1,000,000. Here a typed word is matched against the small
 * vocabulary of distinct words, and each matching word leads, through a (field, word,
 * business_name) index, straight to the first names in alphabetical order.
 *
 * Both tables are kept by statement-level triggers on `provider`, so every writer (the import,
 * the demonstration directory, approvals) keeps them right without knowing they exist.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table provider_name_word (
      field text not null check (field in ('business', 'first', 'last')),
      word text not null,
      business_name text not null,
      zip text not null,
      provider_id bigint not null references provider (id) on delete cascade,
      primary key (field, word, provider_id)
    )`.execute(db);
  await sql`create index provider_name_word_order_idx on provider_name_word (field, word, business_name, provider_id)`.execute(
    db,
  );
  // A word within one ZIP code, in name order: a name and a ZIP code read only their common rows.
  await sql`create index provider_name_word_zip_idx on provider_name_word (field, word, zip, business_name, provider_id)`.execute(
    db,
  );
  await sql`create index provider_name_word_provider_idx on provider_name_word (provider_id)`.execute(db);
  await sql`
    create table provider_name_vocabulary (
      field text not null,
      word text not null,
      primary key (field, word)
    )`.execute(db);
  await sql`create index provider_name_vocabulary_trgm_idx on provider_name_vocabulary using gin (word gin_trgm_ops)`.execute(
    db,
  );

  // Words stay in the vocabulary when their last provider goes: a word with no provider finds
  // nothing, and the vocabulary of a directory is small.
  await sql`
    create function provider_name_words_refresh() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        delete from provider_name_word w using changed c where w.provider_id = c.id;
      end if;
      insert into provider_name_word (field, word, business_name, zip, provider_id)
        select distinct f.field, n.word, c.business_name, c.zip, c.id
        from changed c
        cross join lateral (values ('business', c.business_search), ('first', c.first_name_search),
                                   ('last', c.last_name_search)) as f (field, text)
        cross join lateral regexp_split_to_table(f.text, ' ') as n (word)
        where n.word <> '';
      insert into provider_name_vocabulary (field, word)
        select distinct w.field, w.word from provider_name_word w
        where w.provider_id in (select id from changed)
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger provider_name_words_insert after insert on provider
      referencing new table as changed for each statement execute function provider_name_words_refresh()`.execute(db);
  await sql`
    create trigger provider_name_words_update after update on provider
      referencing new table as changed for each statement execute function provider_name_words_refresh()`.execute(db);
  // The providers already in the directory.
  await sql`update provider set business_search = business_search`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger provider_name_words_update on provider`.execute(db);
  await sql`drop trigger provider_name_words_insert on provider`.execute(db);
  await sql`drop function provider_name_words_refresh()`.execute(db);
  await sql`drop table provider_name_vocabulary`.execute(db);
  await sql`drop table provider_name_word`.execute(db);
}
