"""How sure a BL001 finding is: `high` for a known source, `medium` for an unknown value whose
name says it is content, `low` (reported only when asked for) for an unknown value named
otherwise and for what a tool named for an action or a calculation answers with."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import PurePath

import pytest

from boundlint.discover.files import is_test_path
from tests.helpers import bl001_confidences, run_tree, write_tree

TOOL = """
import json
import requests
from langchain_core.tools import tool
from somelib import make_client, Board

@tool
def {name}(q: str) -> str:
    \"\"\"A tool.\"\"\"
{body}
"""


def confidence_of(tmp_path, body: str, name: str = "lookup") -> list[str]:
    source = TOOL.format(name=name, body=textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 4))
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert result.errors == []
    return [f.confidence for f in result.findings if f.code == "BL001"]


CASES = {
    # a tally by key grows by the distinct keys only; the items themselves keep their level
    "a tally by key": (
        "counts = {}\nfor e in requests.get(q).json():\n    counts[e['state']] = counts.get(e['state'], 0) + 1\n"
        "return json.dumps(counts)",
        "low",
    ),
    "a tally stepped in place": (
        "counts = {}\nfor e in requests.get(q).json():\n    counts[e['state']] += 1\nreturn json.dumps(counts)",
        "low",
    ),
    "the items beside their tally": (
        "counts, items = {}, []\nfor e in requests.get(q).json():\n    counts[e['state']] += 1\n    items.append(e)\n"
        "return json.dumps({'counts': counts, 'items': items})",
        "medium",
    ),
    # a known source
    "a response body": ("return requests.get(q).text", "high"),
    "a response of a client": ("with requests.Session() as s:\n    return s.get(q).text", "high"),
    # a browser's page: its HTML, or the text of its whole body
    "a browser page's HTML": ("page = make_client().new_page()\npage.goto(q)\nreturn page.content()", "high"),
    "a browser page's body text": ("return make_client().page.inner_text('body')", "high"),
    "a Selenium driver's page source": ("driver = make_client()\ndriver.get(q)\nreturn driver.page_source", "high"),
    # ... not a part of it, nor the content of what is not named as a page: they keep their level
    "a heading of a browser page": ("return make_client().page.inner_text('h1')", "medium"),
    "the content of a message": ("return make_client().message.content()", "medium"),
    # named as a response, where what made it is out of sight
    "a body named as a response": ("r = make_client().fetch(q)\nreturn r.content", "high"),
    # ... but a loop's name binds each item of what it runs over, whatever the name
    "the content of each result, in a loop": (
        "lines = []\nfor i, r in enumerate(make_client().find(q).results):\n    lines.append(r.content)\n"
        "return '\\n'.join(lines)",
        "medium",
    ),
    # an SDK's answer is its parsed model, not an HTTP body: as often one record as a bulk
    "the body of an SDK's answer": (
        "response = make_client().describe_instances(q)\nreturn str(response.body)",
        "medium",
    ),
    "a response by its name": ("resp = make_client().fetch(q)\nreturn resp.text", "high"),
    # an API's JSON is as often one record as a bulk of data: medium, where a body read is high
    # a store's retriever made to answer a few documents: what it answers is a few too
    "the documents of a retriever made to answer a few": (
        "from langchain_chroma import Chroma\nretriever = Chroma('db').as_retriever(search_kwargs={'k': 4})\n"
        "return '\\n'.join(d.page_content for d in retriever.invoke(q))",
        "low",
    ),
    "the documents of a retriever made to answer many": (
        "from langchain_chroma import Chroma\nretriever = Chroma('db').as_retriever(search_kwargs={'k': 400})\n"
        "return '\\n'.join(d.page_content for d in retriever.invoke(q))",
        "high",
    ),
    # a search's hits are chunks: a page of them (20) is a few thousand characters, or more
    "the chunks of a search asked for a page": (
        "from langchain_chroma import Chroma\n"
        "return '\\n'.join(d.page_content for d in Chroma('db').similarity_search(q, k=20))",
        "medium",
    ),
    "the chunks of a search asked for many": (
        "from langchain_chroma import Chroma\n"
        "return '\\n'.join(d.page_content for d in Chroma('db').similarity_search(q, k=500))",
        "high",
    ),
    "the json of a request that sends a query with a LIMIT": (
        "soql = f\"SELECT Id, Name FROM Account WHERE Name = '{q}' LIMIT 100\"\n"
        "return str(requests.get(URL, params={'q': soql}).json())",
        "low",
    ),
    "the json of a response bound to a request that sends a query with a LIMIT": (
        "c = make_client()\nsoql = f\"SELECT Id FROM Account WHERE Name = '{q}' LIMIT 50\"\n"
        "response = c.get('/query', params={'q': soql})\nreturn str(response.json())",
        "low",
    ),
    "the json of a request that sends a query without one": (
        "soql = f\"SELECT Id, Name FROM Account WHERE Name = '{q}'\"\n"
        "return str(requests.get(URL, params={'q': soql}).json())",
        "medium",
    ),
    "the json of a request that sends a query with a large LIMIT": (
        "return str(requests.get(URL, params={'q': 'SELECT Id, Body FROM Note LIMIT 5000'}).json())",
        "medium",
    ),
    "the json of a response by its name": (
        "api_response = make_client().fetch(q)\nreturn str(api_response.json())",
        "medium",
    ),
    # `.text` of anything else is content by its name only
    "the text of a slide run": ("run = make_client().connect(q)\nreturn run.text", "medium"),
    "the json of an unknown object": ("return str(Board(q).json())", "low"),
    # unknown calls, judged by their name or what they are given
    "an unknown search": ("return str(make_client().search(q))", "medium"),
    "an unknown read of items": ("return json.dumps(make_client().get_items(q))", "medium"),
    "a bulk attribute": ("return str(make_client().connect(q).documents)", "medium"),
    "a plural attribute": ("return str(make_client().connect(q).keywords)", "low"),  # any plural is not content
    "a word that is content only at the front": ("return str(make_client().connect(q).text_frame)", "low"),
    "an unknown call given a page": ("return str(make_client().shrink(requests.get(q).text, 2))", "medium"),
    "an unknown name": ("return str(Board(q).piece_name(1))", "low"),
    "an unknown singular attribute": ("return str(make_client().connect(q).subject)", "low"),
    "a dispatch through a table": ("return str({'a': len}[q](q))", "low"),
    # a few items asked for
    "a search for five": ("return str(make_client().search(q, limit=5))", "low"),
    "a search for fifty": ("return str(make_client().search(q, limit=50))", "medium"),
    # the count's keyword in the library's own case style
    "a vector query for three, camelCase": ("return str(make_client().query_vectors(q, topK=3))", "low"),
    "a boto3 listing of five": ("return str(make_client().list_findings(Filter=q, MaxResults=5))", "low"),
    "a boto3 listing of five hundred": ("return str(make_client().list_findings(Filter=q, MaxResults=500))", "medium"),
    # short fields of a page of items the code asks for: a hundred keys or names are not large
    "the keys of a page of items": (
        "return '\\n'.join(m.key for m in make_client().search(q, limit=100))",
        "low",
    ),
    "names and ids of a page of items, in a loop": (
        "lines = []\nfor f in make_client().search(q, page_size=100):\n"
        "    lines.append(f\"{f['name']} ({f['id']})\")\nreturn '\\n'.join(lines)",
        "low",
    ),
    "the keys of items asked for by the model's count": (
        "return '\\n'.join(m.key for m in make_client().search(q, limit=int(q)))",
        "medium",
    ),
    "the keys of more than a page of items": (
        "return '\\n'.join(m.key for m in make_client().search(q, limit=1000))",
        "medium",
    ),
    "the bodies of a page of items": (
        "return '\\n'.join(m['body'] for m in make_client().search(q, limit=100))",
        "medium",
    ),
    "whole items of a page": ("return '\\n'.join(str(m) for m in make_client().search(q, limit=100))", "medium"),
    "a cut of each item of a page": (
        "return '\\n'.join(m['body'][:2000] for m in make_client().search(q, limit=100))",
        "medium",
    ),
    # a query builder's page of rows: `.limit(N)` in the chain, N set by the code
    "a query built for twenty rows": (
        "return str(list(make_client().collection(q).order_by('at').limit(20).stream()))",
        "low",
    ),
    "a query built for twenty rows beforehand": (
        "query = make_client().collection(q).limit(20)\nreturn str(list(query.stream()))",
        "low",
    ),
    "a query built for all rows": ("return str(list(make_client().collection(q).order_by('at').stream()))", "medium"),
    "a query job for three rows": (
        "job = make_client().query(f'SELECT title FROM t WHERE brand = {q!r} LIMIT 3')\nreturn str(list(job.result()))",
        "low",
    ),
    "a query job for all rows": (
        "job = make_client().query(f'SELECT title FROM t WHERE brand = {q!r}')\nreturn str(list(job.result()))",
        "medium",
    ),
    "a query built for the model's count": (
        "return str(list(make_client().collection('x').limit(int(q)).stream()))",
        "medium",
    ),
    # a conversion keeps what it converts
    "a conversion of a search": ("return json.dumps(make_client().search(q).to_simplified_dict())", "medium"),
    # a getter of one record; of many, or of content, is a read
    "a getter of one record": ("return str(make_client().get_instance_by_name(q))", "low"),
    "a getter of many records": ("return str(make_client().get_instances(q))", "medium"),
    "a getter of content": ("return str(make_client().get_page_text(q))", "medium"),
    "a lookup of one record": ("return json.dumps(make_client().find_notebook(q))", "low"),
    # a client's `get(key)`: the answer is the culprit, not the client
    "a get of an unknown client": ("r = unresolved_client\nreturn r.get(q)", "medium"),
    # of two unknown parts, the surer one is named
    "a join of a low and a medium part": (
        "c = make_client()\nreturn f'{c.piece_name(1)} {c.search(q)}'",
        "medium",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_confidence_of_an_unknown_value(tmp_path, name):
    body, expected = CASES[name]
    assert confidence_of(tmp_path, body) == [expected]


@pytest.mark.parametrize(
    ("tool_name", "expected"),
    [
        ("create_issue", ["low"]),  # an action: its answer is most often a confirmation
        ("delete_file", ["low"]),  # an undoing verb, whatever its object
        ("calculate_total", ["low"]),  # a calculation
        ("calculator", ["low"]),  # named for what it computes with
        ("scientific_calculator", ["low"]),
        ("calculator_tool", ["low"]),
        ("ask_user", ["low"]),  # a person's answer
        ("get_user_input", ["low"]),
        ("user_profile", ["high"]),  # a person's record, not their answer
        ("issue_details", ["high"]),  # a read named by its noun
        ("update_page", ["low"]),  # the page as the model wrote it, or a confirmation
        ("create_page", ["low"]),
        ("create_report", ["high"]),  # a report it may make itself
        ("playlist_create", ["low"]),  # `noun_verb`, as many MCP servers name tools
        ("lldb_start", ["low"]),
        ("blog_post", ["high"]),  # a noun at the end, not a verb
        ("fetch_and_cancel", ["high"]),
        ("add_documents", ["low"]),  # taken in: the answer does not carry them back
        ("milvus_insert_data", ["low"]),  # after a product's prefix
        ("chroma_get_documents", ["high"]),
        ("rename_function", ["low"]),
        ("last_deploy_log", ["high"]),  # a noun phrase: the log of the last deploy
        ("update_issue_text", ["low"]),  # the text the model wrote
        ("deploy_build_log", ["high"]),  # the log it names may come back whole
        ("save_and_show", ["high"]),  # it acts, then answers with what it reads
        ("roles_destroy", ["low"]),  # a REST client's delete (Django REST framework's name)
        ("store_avatar", ["low"]),
        ("vector_store", ["high"]),  # a noun at the end, not a verb
        ("gitlab_retry_pipeline", ["low"]),  # a job's or a change's life
        ("unapprove_mr", ["low"]),
        ("promote_issue_to_epic", ["low"]),
        ("retry_failed_logs", ["high"]),  # ... but the log it names may come back whole
        ("vote_on_jokes", ["high"]),  # may run the vote and answer with its transcript
        ("reboot", ["low"]),  # an action named by its verb alone: on what the arguments name
        ("edit", ["low"]),
        ("write", ["high"]),  # a writer's: may answer with what it wrote
        ("power_on", ["low"]),  # a machine's power and size
        ("shutdown_server", ["low"]),
        ("resize_volume", ["low"]),
        ("install", ["high"]),  # ... but alone, these may answer with what they ran or fetched
        ("deploy", ["high"]),
        ("post", ["high"]),
        ("initiate_payment", ["low"]),
    ],
)
def test_a_tool_named_for_an_action_or_a_calculation_is_low(tmp_path, tool_name, expected):
    assert confidence_of(tmp_path, "return requests.get(q).text", name=tool_name) == expected


@pytest.mark.parametrize(
    ("tool_name", "expected"),
    [
        ("get_cluster_stats", ["low"]),  # a record of counts and switches
        ("cache_stats", ["low"]),
        ("get_todo_statistics", ["low"]),
        ("get_email_settings", ["low"]),
        ("get_cache_stats_tool", ["low"]),
        ("get_stats_history", ["high"]),  # a series: the name ends with it
        ("get_settings_page", ["high"]),
        ("health_check", ["low"]),  # a status of the same kind
        ("superset_database_test_connection", ["low"]),
        ("check_api_connectivity", ["low"]),
        ("list_connections", ["high"]),  # a listing, not a test
        ("get_health_summary", ["low"]),
    ],
)
def test_a_tool_named_for_statistics_or_settings_is_low(tmp_path, tool_name, expected):
    assert confidence_of(tmp_path, "return requests.get(q).text", name=tool_name) == expected


@pytest.mark.parametrize(
    ("tool_name", "expected"),
    [
        ("get_project_issue_types", ["low"]),  # the kinds or choices a system offers
        ("list_gmail_labels", ["low"]),
        ("get_available_transitions", ["low"]),
        ("jira_get_transitions_tool", ["low"]),
        ("list_models", ["low"]),
        ("get_board_columns", ["low"]),
        ("list_workspaces", ["low"]),  # the few things an account is set up with
        ("get_webhooks", ["low"]),
        ("show_catalogs", ["low"]),
        ("get_pods_by_labels", ["high"]),  # the word names the filter, not what is listed
        ("search_articles_by_tags", ["high"]),
        ("list_sources_and_types", ["high"]),
        ("select_csv_columns", ["high"]),  # the columns' values
        ("generate_typescript_types", ["high"]),  # the types' definitions
    ],
)
def test_a_tool_named_for_a_catalogue_is_low(tmp_path, tool_name, expected):
    assert confidence_of(tmp_path, "return requests.get(q).text", name=tool_name) == expected


@pytest.mark.parametrize(
    ("tool_name", "expected"),
    [
        ("get_queue_info", ["medium"]),  # one record's facts
        ("get_ad_by_id", ["medium"]),  # a singular noun, looked up by its key
        ("get_project_details_tool", ["medium"]),
        ("redmine_get_issue_status", ["medium"]),  # after a product's prefix
        ("describe_cluster", ["medium"]),
        ("get_ads_by_campaign", ["high"]),  # a plural: a listing
        ("get_xrefs_to_class", ["high"]),
        ("get_page_text", ["high"]),  # content
        ("get_resource_file", ["high"]),
        ("get_table_engine_doc", ["high"]),  # a record that is content itself
        ("get_thread", ["high"]),
        ("fetch_url", ["high"]),  # not a verb that looks a record up
        ("get_invoices_sorted_by_unit_price", ["high"]),  # a plural before the key: a listing
        ("get_excel_cell_range", ["high"]),  # a range, a history: listings
        ("get_price_history", ["high"]),
        ("get_gitlab_blob", ["high"]),  # content: a file's blob, a diff, code
        ("get_smali_of_class", ["high"]),
        ("get_android_manifest", ["high"]),
        ("get_method_by_name", ["high"]),  # a method's (decompiled) code
        ("get_ipo_calendar", ["high"]),  # a series of one subject: a value per day, hour or row
        ("get_technical_indicator", ["high"]),
        ("get_hourly_forecast", ["high"]),
        ("get_option_chain", ["high"]),
        ("get_balance_sheet", ["high"]),
        ("get_request", ["high"]),  # not a thing looked up: a GET of whatever it is given
    ],
)
def test_a_tool_named_for_looking_one_record_up_is_at_most_medium(tmp_path, tool_name, expected):
    assert confidence_of(tmp_path, "return requests.get(q).text", name=tool_name) == expected


def test_a_tool_named_for_one_record_keeps_a_medium_finding(tmp_path):
    # The name lowers `high` only: flagged `medium`, such tools were as often large as not.
    assert confidence_of(tmp_path, "return requests.get(q).json()", name="get_exchange_rate") == ["medium"]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("return requests.get(q).text", ["high"]),
        # the answer to a write: an acknowledgement or the record written, as often as data
        ("return requests.post(q, json={'q': q}).text", ["medium"]),
        # a write to the one resource it names: that record or an acknowledgement
        ("return requests.delete(q).json()", ["low"]),
        ("return requests.patch(q, json={'q': q}).text", ["medium"]),  # (its body as text: a page)
        # a request that asks for a few items, in its query or body
        ("return str(requests.get(q, params={'per_page': 5}).json())", ["low"]),
        ("params = {'q': q, 'per_page': 5}\nreturn str(requests.get(q, params=params).json())", ["low"]),
        ("return str(requests.post(q, json={'query': q, 'maxResultCount': 10}).json())", ["low"]),
        ("return str(requests.post(q, json={'query': q, 'maxResultCount': 50}).json())", ["medium"]),
        # a page the request asks for (`per_page=100`): a short field of each item stays short
        (
            "lines = [f\"- {r['name']}\" for r in requests.get(q, params={'per_page': 100}).json()]\nreturn '\\n'.join(lines)",
            ["low"],
        ),
        ("lines = [f\"- {r['name']}\" for r in requests.get(q).json()]\nreturn '\\n'.join(lines)", ["medium"]),
        (
            "lines = [r['body'] for r in requests.get(q, params={'per_page': 100}).json()]\nreturn '\\n'.join(lines)",
            ["medium"],
        ),
        # a short field of a parsed response, also read through the record's nested `fields`
        # (Jira), `properties` (GeoJSON) or `attributes` (JSON:API)
        ("issue = requests.get(q).json()\nreturn {'summary': issue['fields']['summary']}", ["low"]),
        ("fields = requests.get(q).json()['fields']\nreturn f\"{fields.get('summary')}\"", ["low"]),
        ("return requests.get(q).json()['fields']", ["medium"]),  # ... but not all of them
        # read into a local first, a short field is short once it is written into a text ...
        ("t = requests.get(q).json()['current']['temperature']\nreturn f'It is {t}'", ["low"]),
        ("temps = requests.get(q).json()['hourly']['temperature_2m']\nreturn f'It is {temps[len(q)]}'", ["low"]),
        # ... not returned as it is (a nested bulk), nor a field named for a collection or a text
        ("t = requests.get(q).json()['current']\nreturn t", ["medium"]),
        ("t = requests.get(q).json()['current']['items']\nreturn f'It is {t}'", ["medium"]),
        ("t = requests.get(q).json()['article']\nreturn f'It is {t}'", ["medium"]),
        ("return f\"It is {requests.get(q).json()['transcript']}\"", ["medium"]),
        # a code named for what it codes is short, a program's code is not
        (
            "w = requests.get(q).json()['current']\nc = w['weather_code']\nreturn json.dumps({'weather_code': c})",
            ["low"],
        ),
        (
            "w = requests.get(q).json()['current']\nc = w['source_code']\nreturn json.dumps({'source_code': c})",
            ["medium"],
        ),
        ("return requests.get(q).json().get('fields', {})", ["medium"]),
        # a request for one resource by its key: one record, not a listing
        ("return str(requests.get(f'{q}/findings/{finding_id}').json())", ["low"]),
        ("url = f'{q}/users/{user.name}/'\nreturn str(requests.get(url).json())", ["low"]),
        ("return str(requests.get(api_url(f'tickets/{ticket_id}?fields=all')).json())", ["low"]),
        # ... but not an item of a collection of texts, nor a listing under one resource
        ("return str(requests.get(f'{q}/documents/{doc_id}').json())", ["medium"]),
        ("return str(requests.get(f'{q}/issues/{number}/comments').json())", ["medium"]),
        ("return str(requests.get(f'{q}/files/{path}').json())", ["medium"]),
        ("return str(requests.get(f'{q}/findings/').json())", ["medium"]),
        ("return str(requests.get(f'https://labels.example/{order_id}').json())", ["medium"]),  # a host
        # a query for a page of rows, sent in a body built from locals
        (
            "query = 'SELECT ad.name FROM ad_group_ad LIMIT 50'\npayload = {'query': query}\n"
            "return str(requests.post(q, json=payload).json())",
            ["low"],
        ),
        (
            "query = 'SELECT ad.name FROM ad_group_ad LIMIT 5000'\npayload = {'query': query}\n"
            "return str(requests.post(q, json=payload).json())",
            ["medium"],
        ),
        # a node of a graph API right under its base, by its own kind's id, also built in a local
        # that a helper requests
        ("return str(requests.get(f'{q}/{campaign_id}').json())", ["low"]),
        (
            "def graph(url, params):\n    return requests.get(url, params=params).json()\n"
            "ad_id = q\nurl = f'{q}/{ad_id}'\nreturn str(graph(url, {'fields': 'name'}))",
            ["low"],
        ),
        # ... not a node that holds a body of text, nor a key that says nothing of its kind
        ("return str(requests.get(f'{q}/{document_id}').json())", ["medium"]),
        ("return str(requests.get(f'{q}/{key}').json())", ["medium"]),
        ("return str(requests.get(f'{LABELS_API}/{order_id}').json())", ["medium"]),  # an order's label
        (
            "def graph(url, params):\n    return requests.get(url, params=params).json()\n"
            "thread_id = q\nurl = f'{q}/{thread_id}'\nreturn str(graph(url, {}))",
            ["medium"],
        ),
        # setting a small attribute on the response leaves it a response
        (
            "def post(url):\n    r = requests.post(url, data=url)\n    r.encoding = 'utf-8'\n    return r.text\nreturn post(q)",
            ["medium"],
        ),
        # a helper given the method: what each call asks it for
        (
            "def api(method, path):\n    return requests.request(method, f'{q}/{path}').json()\n"
            "return str(api('PUT', 'issue/1'))",
            ["low"],
        ),
        (
            "from http import HTTPMethod\ndef api(method, path):\n    r = requests.request(method=method.value, url=path)\n"
            "    return r.json()\nreturn str(api(HTTPMethod.DELETE, q))",
            ["low"],
        ),
        (
            "def api(method, path):\n    return requests.request(method, f'{q}/{path}').json()\n"
            "return str(api('GET', 'issues'))",
            ["medium"],
        ),
        (
            "def api(method, path):\n    return requests.request(method, f'{q}/{path}').json()\n"
            "return str(api('PUT', 'a')) + str(api('GET', 'issues'))",
            ["medium"],
        ),
        # ... or the path of one resource, however the helper builds its URL
        (
            "def api(method, path):\n    return requests.request(method, 'https://api.example' + path).json()\n"
            "user_id = q\nreturn str(api('GET', f'/users/{user_id}'))",
            ["low"],
        ),
        (
            "def get(endpoint):\n    return requests.get(f'https://api.example/{endpoint}').json()\n"
            "job_id = q\nreturn str(get(f'jobs/{job_id}'))",
            ["low"],
        ),
        (
            "def get(endpoint):\n    url = f'https://api.example/v4/{endpoint}'\n"
            "    return requests.request('GET', url=url).json()\njob_id = q\nreturn str(get(f'jobs/{job_id}'))",
            ["low"],
        ),
        (
            "def get(endpoint):\n    return requests.get(url=endpoint).json()\njob_id = q\nreturn str(get(f'jobs/{job_id}/trace'))",
            ["medium"],
        ),
        # ... through a wrapper that passes the path on, and with the key encoded first
        (
            "from urllib.parse import quote\ndef api(method, path):\n    return requests.request(method, 'https://api.example' + path).json()\n"
            "def get(path):\n    return api('GET', path)\n"
            "return str(get(f'/users/{quote(q, safe=\"\")}'))",
            ["medium"],  # `q` names no resource
        ),
        (
            "from urllib.parse import quote\ndef api(method, path):\n    return requests.request(method, 'https://api.example' + path).json()\n"
            "def get(path):\n    return api('GET', path)\n"
            "user_id = q\nenc = quote(user_id, safe='')\nreturn str(get(f'/users/{enc}'))",
            ["low"],
        ),
        (
            "from urllib.parse import quote\ndef api(method, path):\n    return requests.request(method, 'https://api.example' + path).json()\n"
            "def get(path):\n    return api('GET', path)\n"
            "user_id = q\nreturn str(get(f'/users/{quote(user_id)}'))",
            ["low"],
        ),
        (
            "from urllib.parse import quote\ndef api(method, path):\n    return requests.request(method, 'https://api.example' + path).json()\n"
            "def get(path):\n    return api('GET', path)\n"
            "user_id = q\nreturn str(get(f'/users/{quote(user_id)}/events'))",
            ["medium"],
        ),
        (
            "def get(endpoint):\n    return requests.get(f'https://api.example/{endpoint}').json()\n"
            "doc_id = q\nreturn str(get(f'documents/{doc_id}'))",
            ["medium"],
        ),
        # ... through a URL builder the helper gives the path first, and by a key checked first
        (
            "def make_url(endpoint, params=None):\n    return f'https://api.example/v1/{endpoint}'\n"
            "def api(method, endpoint):\n    url = make_url(endpoint, {'a': 1})\n    return requests.get(url).json()\n"
            "validated_id = q.strip()\nreturn str(api('GET', f'functions/{validated_id}'))",
            ["low"],
        ),
        ("feed_id = q\nreturn str(requests.get(f'https://x/posts/{feed_id}').json())", ["medium"]),  # a feed's posts
        # a Google API client's request for one record by its key, not for a listing or a body of text
        (
            "event_id = q\nreturn str(make_client().events().get(calendarId='primary', eventId=event_id).execute())",
            ["low"],
        ),
        ("return str(make_client().events().list(calendarId=q).execute())", ["medium"]),
        ("return str(make_client().users().messages().get(userId='me', id=q).execute())", ["medium"]),
        ("return str(make_client().documents().get(documentId=q).execute())", ["medium"]),
        ("return str(make_client().events().get(calendarId=q).execute())", ["medium"]),  # not its own key
        (
            "sheet_id = q\nreturn str(make_client().spreadsheets().get(spreadsheetId=sheet_id, includeGridData=True).execute())",
            ["medium"],  # with every cell
        ),
        # a response on either branch is a response
        (
            "def post(url, d):\n    if d:\n        r = requests.post(url, data=d)\n    else:\n"
            "        r = requests.post(url)\n    return r.text\nreturn post(q, q)",
            ["medium"],
        ),
    ],
)
def test_what_a_request_asks_for_sets_the_confidence_of_its_answer(tmp_path, body, expected):
    assert confidence_of(tmp_path, body, name="lookup") == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("return str(make_client().search(q, max_results=max_results))", ["medium"]),  # the model's count
        # ... which it most often leaves at the tool's default: short fields of a page
        ("return '\\n'.join(m.key for m in make_client().search(q, max_results=max_results))", ["low"]),
        ("return '\\n'.join(m['body'] for m in make_client().search(q, max_results=max_results))", ["medium"]),
        # a count of 0 most often means all of them
        ("return '\\n'.join(m.key for m in make_client().search(q, max_results=0))", ["medium"]),
        # a count the tool clamps, once, before it asks
        (
            "max_results = max(1, min(max_results, 8))\nreturn str(make_client().search(q, max_results=max_results))",
            ["low"],
        ),
        (
            "max_results = min(max_results, 50)\nreturn str(make_client().search(q, max_results=max_results))",
            ["medium"],
        ),
        # ... or a local the tool binds once to such a count
        ("n = min(max_results, 8)\nreturn str(make_client().search(q, max_results=n))", ["low"]),
        ("n = max_results * 2\nreturn str(make_client().search(q, max_results=n))", ["medium"]),
        # ... also by tests that set it to a cap, beside a floor
        (
            "if max_results > 8:\n    max_results = 8\nif max_results < 1:\n    max_results = 1\n"
            "return str(make_client().search(q, max_results=max_results))",
            ["low"],
        ),
        ("if 8 <= max_results: max_results = 8\nreturn str(make_client().search(q, max_results=max_results))", ["low"]),
        # ... not when something else sets it too
        (
            "if max_results > 8:\n    max_results = 8\nif q == 'all':\n    max_results = 500\n"
            "return str(make_client().search(q, max_results=max_results))",
            ["medium"],
        ),
        (
            "if max_results > 8:\n    max_results = 80\nreturn str(make_client().search(q, max_results=max_results))",
            ["medium"],
        ),
        ("return str(sqlite3.connect('x.db').execute(q).fetchmany(50))", ["low"]),  # a page of rows
        ("return str(sqlite3.connect('x.db').execute(q).fetchmany(max_results))", ["medium"]),
        # ... of a query with a limit given by the tool's count, 5 unless the model says (this
        # once raised KeyError: 'fetchmany')
        (
            "cur = sqlite3.connect('x.db').cursor()\ncur.execute('SELECT * FROM notes LIMIT ?', (max_results,))\n"
            "return str(cur.fetchmany(max_results))",
            ["low"],
        ),
    ],
)
def test_a_count_the_code_sets_or_clamps_asks_for_few(tmp_path, body, expected):
    source = COUNTED_TOOL.format(body=textwrap.indent(body, " " * 4))
    assert bl001_confidences(tmp_path, source) == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a document parsed out of a file at a path the code makes: most often the app's state or
        # settings
        ("with open('state/' + 'jobs.json') as f:\n    data = json.load(f)\nreturn json.dumps(data)", ["low"]),
        ("import yaml\nwith open(CONFIG_PATH) as f:\n    config = yaml.safe_load(f)\nreturn str(config)", ["low"]),
        # ... not at a path the model gives: any document
        ("with open(q) as f:\n    data = json.load(f)\nreturn json.dumps(data)", ["high"]),
        # ... not the file's text, nor a document parsed out of a response
        ("with open(q) as f:\n    return f.read()", ["high"]),
        ("return json.dumps(json.loads(requests.get(q).text))", ["high"]),
    ],
)
def test_a_document_parsed_out_of_an_opened_file_is_low(tmp_path, body, expected):
    assert confidence_of(tmp_path, body, name="lookup") == expected


HELPER_REQUEST_TOOL = """
import json
import requests
from mcp.server import Server

server = Server("hub")

def hub_get(endpoint, params=None):
    return requests.get(f"https://hub.example/api/{{endpoint}}", params=params).json()

def hub_list(endpoint, limit):
    found = requests.get(f"https://hub.example/api/{{endpoint}}", params={{"limit": limit}}).json()
    return found.get("items", []), None

@server.call_tool()
async def call_tool(name: str, arguments: dict) -> str:
{body}
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a page the caller asks the helper's request for, by the count the model most often leaves
        # at its default (`arguments.get("limit", 10)`): short fields of each item stay short
        (
            "limit = arguments.get('limit', 10)\nparams = {'search': arguments['q'], 'limit': limit}\n"
            "return json.dumps([{'id': m['id'], 'likes': m['likes']} for m in hub_get('models', params)])",
            ["low"],
        ),
        # ... whole items of that page too: a page of at most 50 by default is a page of records
        ("return json.dumps(hub_get('models', {'limit': arguments.get('limit', 10)}))", ["low"]),
        ("return json.dumps(hub_get('models', {'limit': arguments.get('limit', 100)}))", ["medium"]),
        # ... and without a count, so do the short fields of the whole listing
        ("return json.dumps([{'id': m['id']} for m in hub_get('models', {'search': arguments['q']})])", ["medium"]),
        # a helper that answers a pair (`items, error`): the page is the element unpacked
        ("items, error = hub_list('models', limit=20)\nreturn json.dumps([{'id': m['id']} for m in items])", ["low"]),
        (
            "limit = min(arguments.get('limit', 10), 20)\nitems, error = hub_list('models', limit=limit)\n"
            "return json.dumps([{'id': m['id']} for m in items])",
            ["low"],
        ),
        # ... whole items of a page that is a few unless the model asks for more, and at most 20
        (
            "limit = min(arguments.get('limit', 10), 20)\nitems, error = hub_list('models', limit=limit)\n"
            "return json.dumps(items)",
            ["low"],
        ),
        # ... but of a page of up to a hundred, they stay what they were
        (
            "limit = min(arguments.get('limit', 10), 100)\nitems, error = hub_list('models', limit=limit)\n"
            "return json.dumps(items)",
            ["medium"],
        ),
        (
            "items, error = hub_list('models', limit=arguments['limit'])\n"
            "return json.dumps([{'id': m['id']} for m in items])",
            ["medium"],
        ),
    ],
)
def test_a_page_asked_of_a_helpers_request_is_a_page(tmp_path, body, expected):
    source = HELPER_REQUEST_TOOL.format(body=textwrap.indent(body, " " * 4))
    assert bl001_confidences(tmp_path, source) == expected


SCHEMA_TOOLS = {
    # the tool's own signature states the most the model may ask for
    "annotated": """
from typing import Annotated
from pydantic import Field
from langchain_core.tools import tool
from somelib import make_client

@tool
def search(q: str, max_results: Annotated[int, Field(ge=1, le=LIMIT)] = 5) -> str:
    \"\"\"Search.\"\"\"
    return str(make_client().search(q, max_results=max_results))
""",
    "annotated_types": """
from typing import Annotated
from annotated_types import Le
from langchain_core.tools import tool
from somelib import make_client

@tool
def search(q: str, max_results: Annotated[int, Le(LIMIT)] = 5) -> str:
    \"\"\"Search.\"\"\"
    return str(make_client().search(q, max_results=max_results))
""",
    "default": """
from pydantic import Field
from mcp.server.fastmcp import FastMCP
from somelib import make_client

mcp = FastMCP("x")

@mcp.tool()
def search(q: str, max_results: int = Field(5, lt=LIMIT + 1)) -> str:
    return str(make_client().search(q, max_results=max_results))
""",
    # a tool class's `args_schema`, which the framework validates the arguments against
    "args_schema": """
from typing import Type
from crewai.tools import BaseTool
from pydantic import BaseModel, Field
from somelib import make_client

class SearchInput(BaseModel):
    query: str
    n_results: int = Field(default=3, ge=1, le=LIMIT)

class SearchTool(BaseTool):
    name: str = "search"
    description: str = "Search."
    args_schema: Type[BaseModel] = SearchInput

    def _run(self, query: str, n_results: int = 3) -> str:
        return str(make_client().search(query, n_results=n_results))
""",
    "decorator": """
from pydantic import BaseModel, Field
from langchain_core.tools import tool
from somelib import make_client

class SearchInput(BaseModel):
    q: str
    k: int = Field(default=3, le=LIMIT)

@tool(args_schema=SearchInput)
def search(q: str, k: int = 3) -> str:
    \"\"\"Search.\"\"\"
    return str(make_client().search(q, k=k))
""",
    # a FastAPI route served as a tool: its `Query` validates the count as `Field` does
    "route_query": """
from fastapi import FastAPI, Query
from fastmcp import FastMCP
from somelib import make_client

app = FastAPI()

@app.get("/search")
def search(q: str, max_results: int = Query(5, ge=1, le=LIMIT)) -> str:
    return str(make_client().search(q, max_results=max_results))

mcp = FastMCP.from_fastapi(app=app)
""",
    # one model as the argument: its field's bound
    "model_argument": """
from pydantic import BaseModel, Field
from agents import function_tool
from somelib import make_client

class SearchInput(BaseModel):
    q: str
    limit: int = Field(default=3, le=LIMIT)

@function_tool
def search(params: SearchInput) -> str:
    return str(make_client().search(params.q, limit=params.limit))
""",
}


@pytest.mark.parametrize("form", sorted(SCHEMA_TOOLS))
# A few by default and at most a small page (50) is a few: the model may ask for more, not many more.
@pytest.mark.parametrize(("limit", "expected"), [("10", ["low"]), ("50", ["low"]), ("100", ["medium"])])
def test_a_count_the_tools_schema_bounds_asks_for_few(tmp_path, form, limit, expected):
    assert bl001_confidences(tmp_path, SCHEMA_TOOLS[form].replace("LIMIT", limit)) == expected


# The args_schema tool above, asking a function of the tree instead of a library.
IN_TREE_SEARCH = (
    SCHEMA_TOOLS["args_schema"]
    .replace(
        "from somelib import make_client\n",
        "import requests\n\nclass Service:\n"
        "    def search_kb(self, query: str, *, top_k: int = 3) -> list:\n"
        '        return requests.get("https://kb.example.com/s", params={"q": query, "top_k": top_k}).json()\n',
    )
    .replace("make_client().search(query, n_results=n_results)", "Service().search_kb(query, top_k=n_results)")
)


@pytest.mark.parametrize(("limit", "expected"), [("10", ["low"]), ("500", ["medium"])])
def test_a_function_of_the_tree_asked_for_few_by_the_schema_answers_few(tmp_path, limit, expected):
    # The count goes on to the request inside the callee, where it is its parameter's and unknown.
    assert bl001_confidences(tmp_path, IN_TREE_SEARCH.replace("LIMIT", limit)) == expected


SMALL_PAGE_TOOL = """
from typing import Annotated
from pydantic import Field
from langchain_core.tools import tool
from somelib import mailbox

@tool
def recent_mail(q: str, max_results: Annotated[int, Field(ge=1, le=50)] = DEFAULT) -> str:
    \"\"\"Recent mail.\"\"\"
    found = mailbox().list_messages(q, max_results=max_results FLAG)
    return RETURNED
"""


@pytest.mark.parametrize(
    ("default", "flag", "returned", "expected"),
    [
        # a few unless the model asks for more, at most fifty: a page of short records or fields
        ("5", "", "str(found)", ["low"]),
        ("5", "", "'\\n'.join(f\"- {m['subject']}\" for m in found)", ["low"]),
        # ... but fifty bodies are a bulk, in a text or not
        ("5", "", "'\\n'.join(f\"{m['subject']}: {m['body']}\" for m in found)", ["medium"]),
        ("5", "", "str([m['body'] for m in found])", ["medium"]),
        # ... and so is a page asked for with each item's content
        ("5", ", include_content=True", "str(found)", ["medium"]),
        ("5", ", include_content=q.endswith('!')", "str(found)", ["medium"]),  # as the model says
        ("5", ", include_content=False", "str(found)", ["low"]),
        # fifty by default is not a few
        ("50", "", "str(found)", ["medium"]),
    ],
)
def test_a_small_page_is_a_few_except_its_content(tmp_path, default, flag, returned, expected):
    source = SMALL_PAGE_TOOL.replace("DEFAULT", default).replace(" FLAG", flag).replace("RETURNED", returned)
    assert bl001_confidences(tmp_path, source) == expected


RECORD_PAGE_TOOL = """
from typing import Annotated
from pydantic import Field
from langchain_core.tools import tool
import requests
from somelib import client, hub_list

BASE = "https://git.example.com/api/v4"
p = "group%2Fproject"

@tool
def listing(page_size: Annotated[int, Field(ge=1, le=CAP)] = 25) -> str:
    \"\"\"A listing.\"\"\"
    return str(CALL)
"""


@pytest.mark.parametrize(
    ("call", "cap", "expected"),
    [
        # a page the code keeps to, of records named for what they are: short records
        ("client.tags.list(page_size=page_size)", "100", ["low"]),
        ("client.list_branches(per_page=page_size)", "100", ["low"]),
        # ... not a page of content, nor one larger than a page
        ("client.documents.list(page_size=page_size)", "100", ["medium"]),
        ("client.crawl_url(limit=page_size)", "100", ["medium"]),
        ("client.search_tweets(max_results=page_size)", "100", ["medium"]),
        ("client.tags.list(page_size=page_size)", "500", ["medium"]),
        ("client.tags.list(page_size=page_size, include_content=True)", "100", ["medium"]),
        # a GET of a path that names records, not content, nor any other request
        (
            'requests.get(f"{BASE}/projects/{p}/repository/branches", params={"per_page": page_size}).json()',
            "100",
            ["low"],
        ),
        ('requests.get(f"{BASE}/projects/{p}/issues", params={"per_page": page_size}).json()', "100", ["medium"]),
        ('requests.post(f"{BASE}/tags", json={"query": "x", "per_page": page_size}).json()', "100", ["medium"]),
        # ... nor a function, whose listing is an argument
        ('hub_list("tags", limit=page_size)', "100", ["medium"]),
    ],
)
def test_a_capped_page_of_a_record_listing_is_short(tmp_path, call, cap, expected):
    source = RECORD_PAGE_TOOL.replace("CAP", cap).replace("CALL", call)
    assert bl001_confidences(tmp_path, source) == expected


def test_a_bound_on_another_field_of_the_schema_does_not_count(tmp_path):
    source = SCHEMA_TOOLS["args_schema"].replace("LIMIT", "10").replace("n_results: int = Field", "depth: int = Field")
    assert bl001_confidences(tmp_path, source.replace("    query: str", "    query: str\n    n_results: int = 3")) == [
        "medium"
    ]


COUNTED_TOOL = """
import sqlite3
from langchain_core.tools import tool
from somelib import make_client

@tool
def lookup(q: str, max_results: int = 5) -> str:
    \"\"\"A tool.\"\"\"
{body}
"""


LISTING_TOOL = """
import requests
from mcp.server.fastmcp import FastMCP
from somelib import make_client

mcp = FastMCP("t")

def list_prompts(owner, limit):
    return make_client().list_prompts(owner=owner, limit=limit)

@mcp.tool()
def prompts(owner: str, limit: int = DEFAULT) -> str:
    return str(CALL)
"""


@pytest.mark.parametrize(
    ("default", "call", "expected"),
    [
        # a listing asked for the page the tool's default says, which the model most often keeps
        ("20", "make_client().list_prompts(owner, limit=limit)", ["low"]),
        ("50", "make_client().prompts.list(page_size=limit)", ["low"]),
        # a hundred records by default are a bulk, and so are the hits of a search or a store
        ("100", "make_client().list_prompts(owner, limit=limit)", ["medium"]),
        ("20", "make_client().search_prompts(owner, limit=limit)", ["medium"]),
        ("20", "make_client().list_articles(owner, limit=limit)", ["medium"]),  # texts, whole
        ("20", "requests.get(f'/v1/{owner}/stories', params={'limit': limit}).json()", ["medium"]),
        ("20", "requests.get(f'/v1/{owner}/prompts', params={'limit': limit}).json()", ["low"]),
        # a count given in place to a helper of the tree is its count; to a query, a parameter
        ("20", "list_prompts(owner, limit)", ["low"]),
        ("20", "make_client().fetch('SELECT * FROM prompts WHERE owner = $1', owner, limit)", ["medium"]),
        ("20", "make_client().store.similarity_search(owner, k=limit)", ["medium"]),
        # a few nearest chunks by an embedding, by the tool's default: a few short texts
        ("5", "make_client().store.similarity_search(owner, k=limit)", ["low"]),
        ("5", "make_client().fetch('SELECT * FROM match_chunks($1::vector, $2)', owner, limit)", ["low"]),
        ("5", "make_client().index.query(vector=owner, top_k=limit)", ["low"]),
        ("5", "make_client().vector_search(owner, limit=limit)", ["low"]),
        ("20", "make_client().vector_search(owner, limit=limit)", ["medium"]),
        # ... not a search by words, whose hits may be whole documents
        ("5", "make_client().search(owner, max_results=limit)", ["medium"]),
        # each item's content, asked for
        ("20", "make_client().list_prompts(owner, limit=limit, include_content=True)", ["medium"]),
        # a content field read out of each item of the page: twenty bodies
        ("20", "[p['body'] for p in make_client().list_prompts(owner, limit=limit)]", ["medium"]),
    ],
)
def test_a_small_page_by_the_tools_default_is_a_page_of_records(tmp_path, default, call, expected):
    source = LISTING_TOOL.replace("DEFAULT", default).replace("CALL", call)
    assert bl001_confidences(tmp_path, source) == expected


STORE_TOOL = """
from langchain_core.tools import tool
from langchain_chroma import Chroma

@tool
def search_docs(query: str, k: int = 5) -> str:
    \"\"\"Search the docs.\"\"\"
    store = Chroma(persist_directory="db")
    documents = SEARCH
    return "\\n\\n".join(doc.page_content for doc in documents)
"""


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        # a vector store's search asked for no count answers the 4 its interface defaults to
        ("store.similarity_search(query)", ["low"]),
        ("store.as_retriever().invoke(query)", ["low"]),
        ("store.similarity_search(query, 3)", ["low"]),  # `k`, second
        # as many as the model says, most often the tool's few (`k: int = 5`): a few chunks
        ("store.similarity_search(query, k=k)", ["low"]),
        ("store.similarity_search(query, k)", ["low"]),
        # or than what the code passes on says
        ("store.as_retriever(search_kwargs=SETTINGS).invoke(query)", ["high"]),
        ("store.similarity_search(query, **SETTINGS)", ["high"]),
        # a function of that name is not the store's method
        ("similarity_search(query)", ["high"]),
    ],
)
def test_a_vector_stores_search_asked_for_no_count_answers_its_default(tmp_path, search, expected):
    source = STORE_TOOL.replace("SEARCH", search)
    source = source.replace(
        "from langchain_chroma import Chroma",
        "from langchain_chroma import Chroma\nfrom somelib import SETTINGS, similarity_search",
    )
    assert bl001_confidences(tmp_path, source) == expected


def test_an_unknown_value_in_an_action_tool_is_low(tmp_path):
    assert confidence_of(tmp_path, "return str(make_client().search(q))", name="create_issue") == ["low"]


def _check(cwd, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boundlint", "check", ".", "--no-cache", "--output-format", "json", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )


def test_low_findings_are_reported_only_when_asked_for(tmp_path):
    write_tree(tmp_path, {"tools.py": TOOL.format(name="lookup", body="    return str(Board(q).piece_name(1))")})
    default = _check(tmp_path)
    assert (default.returncode, json.loads(default.stdout)) == (0, [])
    asked = _check(tmp_path, "--min-confidence", "low")
    assert asked.returncode == 1
    assert [(f["code"], f["confidence"]) for f in json.loads(asked.stdout)] == [("BL001", "low")]


def test_min_confidence_low_in_the_configuration(tmp_path):
    write_tree(
        tmp_path,
        {
            "pyproject.toml": '[tool.boundlint]\nmin-confidence = "low"\n',
            "tools.py": TOOL.format(name="lookup", body="    return str(Board(q).piece_name(1))"),
        },
    )
    assert [f["confidence"] for f in json.loads(_check(tmp_path).stdout)] == ["low"]


@pytest.mark.parametrize(
    "path",
    [
        "tests/test_agent.py",
        "test/tools.py",
        "pkg/test_tools.py",
        "conftest.py",
        "tests/integration/servers_for_testing/server.py",
        "pkg/unit_tests/tools.py",
    ],
)
def test_a_tool_of_a_test_module_is_low(tmp_path, path):
    write_tree(tmp_path, {path: TOOL.format(name="lookup", body="    return requests.get(q).text")})
    result = run_tree(tmp_path, {}, min_confidence="low")
    assert [(f.code, f.confidence) for f in result.findings] == [("BL001", "low")]


@pytest.mark.parametrize(
    ("files", "reported", "expected"),
    [
        (["archive/v1/server.py"], "archive/v1/server.py", "low"),
        (["src/archived_services/mail/server.py"], "src/archived_services/mail/server.py", "low"),
        (["old/tools.py"], "old/tools.py", "low"),
        (["server.py", "server_original_backup.py"], "server_original_backup.py", "low"),
        # a module named for backups, with no original beside it, is a tool that makes them
        (["tools/db_backup.py"], "tools/db_backup.py", "medium"),
        (["tools/archive.py"], "tools/archive.py", "medium"),
    ],
)
def test_a_tool_of_shelved_code_is_low(tmp_path, files, reported, expected):
    body = "    return str(requests.get(q).json())"
    write_tree(tmp_path, {path: TOOL.format(name=f"lookup{n}", body=body) for n, path in enumerate(files)})
    result = run_tree(tmp_path, {}, min_confidence="low")
    found = [f.confidence for f in result.findings if f.filename.endswith(reported)]
    assert found == [expected]


def test_a_contract_of_a_test_module_is_low(tmp_path):
    source = """
from pydantic import BaseModel
from mcp.server.fastmcp import FastMCP
import requests

mcp = FastMCP("t")

class Page(BaseModel):
    body: str

@mcp.tool()
def page(url: str) -> Page:
    return Page(body=requests.get(url).text[:100])
"""
    for path, expected in (("server.py", "medium"), ("tests/test_server.py", "low")):
        result = run_tree(tmp_path / path.replace("/", "_"), {path: source}, min_confidence="low")
        assert [(f.code, f.confidence) for f in result.findings if f.code == "BL002"] == [("BL002", expected)]


HELPER = """
import requests
from langchain_core.tools import tool
from somelib import reformat

def clip(text):
    return reformat(text)

@tool
def echo(q: str) -> str:
    \"\"\"A tool.\"\"\"
    return clip(q)

@tool
def page(q: str) -> str:
    \"\"\"A tool.\"\"\"
    return clip(requests.get(q).text)
"""


def test_an_unknown_function_in_a_helper_is_as_large_as_what_each_caller_gives_it(tmp_path):
    result = run_tree(tmp_path, {"tools.py": HELPER}, min_confidence="low")
    assert [(f.symbol, f.confidence) for f in result.findings] == [("page", "medium")]


AGENTS = """
from pydantic import BaseModel
from agents import Agent

class LaneResult(BaseModel):
    summary: str
    evidence_files: list[str]

class Report(BaseModel):
    title: str
    body: str

def build_lane(name: str) -> Agent:
    return Agent(name=name, instructions="Run the lane.", output_type=LaneResult)

lane = build_lane("a")
writer = Agent(name="writer", instructions="Write.", output_type=Report)
coordinator = Agent(
    name="c",
    tools=[
        lane.as_tool(tool_name="run_lane", tool_description="Run a lane."),
        writer.as_tool(tool_name="write_report", tool_description="Write a report."),
    ],
)
"""


def test_an_agent_tool_with_short_fields_is_low_and_its_factory_is_followed(tmp_path):
    result = run_tree(tmp_path, {"agents_app.py": AGENTS}, min_confidence="low")
    found = {f.symbol: (f.confidence, f.message) for f in result.findings if f.code == "BL001"}
    assert found["run_lane"][0] == "low"
    assert "`LaneResult`, short fields" in found["run_lane"][1]  # the factory's Agent(...) was found
    assert found["write_report"][0] == "medium"  # a body of free text


def test_a_get_of_an_unknown_client_names_the_call(tmp_path):
    source = TOOL.format(name="lookup", body="    r = unresolved_client\n    return r.get(q)")
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert ["the result of `r.get(q)`" in f.message for f in result.findings] == [True]


FACTORY_TOOLS = """
from mcp.server.fastmcp import FastMCP, Context

def register_tools(app, store, pages: list):
    @app.tool()
    def {name}(key: str) -> str:
        \"\"\"A tool made by a factory.\"\"\"
{body}
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("return str(store[key])", ["low"]),  # an object handed to the factory: a handle
        ("return str(store[key].documents)", ["medium"]),  # content read out of it
        ("return str(store[key].slides)", ["low"]),  # objects of it: a plural alone says little
        ("return '\\n'.join(pages)", ["medium"]),  # data handed in, by its annotation
    ],
)
def test_what_a_factory_was_given_is_as_sure_as_what_is_read_out_of_it(tmp_path, body, expected):
    source = FACTORY_TOOLS.format(name="lookup", body=textwrap.indent(body, " " * 8))
    assert bl001_confidences(tmp_path, source) == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("return str(ctx)", ["low"]),  # the framework's handle
        ("return str(ctx.request_context.lifespan_context['messages'])", ["medium"]),
    ],
)
def test_an_injected_context_is_a_handle(tmp_path, body, expected):
    source = "from mcp.server.fastmcp import FastMCP, Context\nmcp = FastMCP('t')\n\n"
    source += f"@mcp.tool()\ndef lookup(key: str, ctx: Context) -> str:\n    {body}\n"
    assert bl001_confidences(tmp_path, source) == expected


SQL_TOOL = """
import sqlite3
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")

@mcp.tool()
def chats(q: str, limit: int = 20) -> str:
    cursor = sqlite3.connect("chats.db").cursor()
{body}
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("cursor.execute(q)\nreturn str(cursor.fetchall())", ["medium"]),  # any query, every row
        # one row, of every column or of the columns it names: a record, most often short, unless
        # what is read out of it is a column picked out or named for content
        (
            'cursor.execute("SELECT jid, name, status FROM chats WHERE jid = ?", (q,))\nreturn str(cursor.fetchone())',
            ["low"],
        ),
        # any query, not written here (the model's, a helper's `sql`): its one row may be anything
        ("cursor.execute(q)\nreturn str(cursor.fetchone())", ["medium"]),
        ("cursor.execute(q)\nreturn cursor.fetchone()['body']", ["medium"]),
        ("cursor.execute(q)\nreturn cursor.fetchone()[0]", ["medium"]),
        ('cursor.execute("SELECT name, bio FROM chats WHERE jid = ?", (q,))\nreturn cursor.fetchone()[0]', ["low"]),
        (
            'cursor.execute("SELECT \\n  jid,\\n  name\\nFROM chats WHERE jid = ?", (q,))\nreturn str(cursor.fetchone())',
            ["low"],
        ),
        ('cursor.execute("SELECT memory.get_all(?, ?)", (q, q))\nreturn cursor.fetchone()[0]', ["medium"]),
        ('cursor.execute("SELECT body FROM chats WHERE jid = ?", (q,))\nreturn cursor.fetchone()[0]', ["medium"]),
        # every column of one row: a record, unless the table holds texts
        ('cursor.execute("SELECT * FROM chats WHERE jid = ?", (q,))\nreturn str(cursor.fetchone())', ["low"]),
        ('cursor.execute("SELECT * FROM memories WHERE id = ?", (q,))\nreturn str(cursor.fetchone())', ["medium"]),
        (
            'cursor.execute("SELECT m.* FROM chat_messages m WHERE m.id = ?", (q,))\nreturn str(cursor.fetchone())',
            ["medium"],
        ),
        # ... unless that one column is named for a short value
        ('cursor.execute("SELECT status FROM chats WHERE jid = ?", (q,))\nreturn str(cursor.fetchone())', ["low"]),
        ("cursor.execute(q)\nreturn cursor.fetchone()['status']", []),
        # every row folded into the one row's one column
        ("cursor.execute(\"SELECT group_concat(name, ', ') FROM chats\")\nreturn cursor.fetchone()[0]", ["medium"]),
        ('cursor.execute("SELECT name FROM chats LIMIT 50")\nreturn str(cursor.fetchall())', ["low"]),
        # a placeholder given the tool's count: as many rows as the model leaves it at (20), or says
        (
            'query = "SELECT * FROM chats"\nquery += " LIMIT ?"\ncursor.execute(query, (limit,))\n'
            "return str(cursor.fetchall())",
            ["low"],
        ),
        ('cursor.execute("SELECT * FROM chats LIMIT :n", {"limit": limit})\nreturn str(cursor.fetchall())', ["low"]),
        ('cursor.execute("SELECT * FROM chats LIMIT ?", (q,))\nreturn str(cursor.fetchall())', ["medium"]),
        ('cursor.execute("SELECT * FROM chats LIMIT ?", (limit * 50,))\nreturn str(cursor.fetchall())', ["medium"]),
        ('cursor.execute("SELECT * FROM chats LIMIT 1000")\nreturn str(cursor.fetchall())', ["medium"]),
        # SQL Server's and the standard's spellings of a limit
        ('cursor.execute("SELECT TOP (50) name FROM chats")\nreturn str(cursor.fetchall())', ["low"]),
        ('cursor.execute("SELECT name FROM chats FETCH FIRST 20 ROWS ONLY")\nreturn str(cursor.fetchall())', ["low"]),
        ('cursor.execute(f"SELECT TOP {limit} name FROM chats")\nreturn str(cursor.fetchall())', ["low"]),
        ('cursor.execute(f"SELECT name FROM chats LIMIT {limit + 1000}")\nreturn str(cursor.fetchall())', ["medium"]),
    ],
)
def test_rows_of_a_query_are_as_many_as_its_limit(tmp_path, body, expected):
    source = SQL_TOOL.format(body=textwrap.indent(body, " " * 4))
    assert bl001_confidences(tmp_path, source) == expected


ASYNCPG_TOOL = """
import asyncpg
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")

@mcp.tool()
async def order(order_id: int) -> str:
    conn = await asyncpg.connect("postgresql://localhost/shop")
    return str(await conn.{method}("SELECT {columns} FROM orders WHERE id = $1", order_id))
"""


@pytest.mark.parametrize(
    ("method", "columns", "expected"),
    [
        ("fetchrow", "id, status, total", ["low"]),  # one record, of the columns it names
        ("fetchval", "status", ["low"]),
        ("fetchrow", "*", ["low"]),  # every column of one order: a record
        ("fetchrow", "notes", ["medium"]),  # one column, which may hold a body
        ("fetch", "id, status, total", ["medium"]),  # every row
        ("fetchval", "COUNT(*)", []),  # a number
        ("fetch", "count(*)", []),  # one row of one number
        ("fetchrow", "COUNT(*) AS total, COUNT(*) FILTER (WHERE paid) AS paid, AVG(total)", []),  # numbers
    ],
)
def test_asyncpg_one_row_is_a_record_and_all_rows_are_not(tmp_path, method, columns, expected):
    assert bl001_confidences(tmp_path, ASYNCPG_TOOL.format(method=method, columns=columns)) == expected


def test_the_message_names_what_a_conversion_converts(tmp_path):
    source = SQL_TOOL.format(body="    cursor.execute(q)\n    return json.dumps(cursor.fetchall())")
    result = run_tree(tmp_path, {"tools.py": "import json\n" + source}, min_confidence="low")
    assert ["all rows of `cursor.fetchall()`" in f.message for f in result.findings] == [True]


@pytest.mark.parametrize(
    "field",
    ["next_cursor", "has_more", "is_truncated", "total", "page_size", "call_duration_secs", "relevance_score"],
)
def test_a_short_field_of_a_search_answer_is_small(tmp_path, field):
    assert confidence_of(tmp_path, f"resp = make_client().search(q)\nreturn f'next: {{resp.{field}}}'") == []


def test_a_content_field_of_a_search_answer_is_not(tmp_path):
    assert confidence_of(tmp_path, "resp = make_client().search(q)\nreturn f'next: {resp.documents}'") == ["medium"]


HTTP_TOOL = """
import json
import requests
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")

@mcp.tool()
def send(msg: str) -> str:
    response = requests.post("http://localhost/send", json={{"m": msg}})
{body}
"""


@pytest.mark.parametrize(
    ("body", "named"),
    [
        # the body of a failed request: an error message, or a whole error page
        ("if response.status_code == 200:\n    return 'sent'\nreturn f'Error: {response.text}'", "the error body"),
        ("if response.status_code != 200:\n    return f'Error: {response.text}'\nreturn 'sent'", "the error body"),
        ("if not response.ok:\n    return f'Error: {response.text}'\nreturn 'sent'", "the error body"),
        ("if response.status_code in (200, 201):\n    return 'sent'\nreturn response.text", "the error body"),
        # after the check, or on its success branch, the body is the answer
        ("if response.status_code != 200:\n    return 'failed'\nreturn response.text", "the response body"),
        ("if response.status_code >= 400:\n    print('bad')\nreturn response.text", "the response body"),
    ],
)
def test_the_body_of_a_failed_request_is_named_as_an_error_body(tmp_path, body, named):
    source = HTTP_TOOL.format(body=textwrap.indent(body, " " * 4))
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    # an error page or a short message, read short by reviewers far more often than not: `low`
    # (`send` posts: the answer to a write is `medium` at most)
    expected = "low" if named == "the error body" else "medium"
    assert [(f.symbol, f.confidence) for f in result.findings] == [("send", expected)]
    assert [named in f.message for f in result.findings] == [True]


def test_a_test_for_no_content_does_not_mark_the_other_branch_failed(tmp_path):
    # `== 204` tells an empty success from the others: the body on the other branch is the answer
    body = "if response.status_code == 204:\n    return 'sent'\nreturn response.text"
    result = run_tree(
        tmp_path, {"tools.py": HTTP_TOOL.format(body=textwrap.indent(body, " " * 4))}, min_confidence="low"
    )
    assert ["the response body" in f.message for f in result.findings] == [True]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # an excerpt of the error page in a failure message: nothing the model asked for is cut
        ("if response.status_code in (200, 204):\n    return 'sent'\nreturn f'Failed: {response.text[:200]}'", []),
        ("if not response.ok:\n    return f'HTTP {response.status_code}: {response.text[:200]}'\nreturn 'sent'", []),
        # a response of a client we do not know, named as one
        (
            "resp = CLIENT.patch(url)\nif resp.status_code in (200, 204):\n    return 'ok'\nreturn f'HTTP: {resp.text[:200]}'",
            [],
        ),
        # the body parsed before the status test: on its failed branch, the error body
        (
            "data = response.json()\nif response.status_code >= 400:\n"
            "    err = data.get('error') or data\n    return f'HTTP {response.status_code}: {json.dumps(err)[:300]}'\n"
            "return 'sent'",
            [],
        ),
        # ... and on the other, the answer: cut to 300 characters, the model is not told
        (
            "data = response.json()\nif response.status_code >= 400:\n    return 'failed'\n"
            "return json.dumps(data)[:300]",
            [("BL004", "high")],
        ),
        # the answer's body cut to 200 characters: the model is not told
        ("if response.status_code != 200:\n    return 'failed'\nreturn response.text[:200]", [("BL004", "high")]),
    ],
)
def test_an_excerpt_of_an_error_body_is_no_silent_cut(tmp_path, body, expected):
    source = HTTP_TOOL.format(body=textwrap.indent(body, " " * 4))
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert [(f.code, f.confidence) for f in result.findings] == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('return str(sqlite3.connect("a.db").execute(f"PRAGMA table_info({q})").fetchall())', ["low"]),
        ('cursor.execute(f"DESCRIBE {q}")\nreturn str(cursor.fetchall())', ["low"]),
        # the cursor iterated for its rows
        (
            'conn = sqlite3.connect("a.db")\nreturn str([row[1] for row in conn.execute(f"PRAGMA table_info({q})")])',
            ["low"],
        ),
        (
            'conn = sqlite3.connect("a.db")\nreturn str([row[1] for row in conn.execute(f"SELECT * FROM {q}")])',
            ["medium"],
        ),
        (
            "cursor.execute(\"SELECT name FROM sqlite_master WHERE type='table'\")\nreturn str(cursor.fetchall())",
            ["medium"],
        ),
        # two queries: the rows may be the other one's
        ('cursor.execute(f"DESCRIBE {q}")\ncursor.execute(q)\nreturn str(cursor.fetchall())', ["medium"]),
    ],
)
def test_the_columns_of_one_table_are_low(tmp_path, body, expected):
    source = SQL_TOOL.format(body=textwrap.indent(body, " " * 4))
    assert bl001_confidences(tmp_path, source) == expected


COUNTED = """
from somelib import make_client
from mcp.server.fastmcp import FastMCP
from crewai.tools import BaseTool

mcp = FastMCP("t")
TOP_K = {constant}
MAX_RESULTS = {constant}

@mcp.tool()
def by_the_model(q: str, max_results: int = 5) -> str:  # the model says how many: medium
    return str(make_client().search(q, max_results=max_results))

@mcp.tool()
def by_constant(q: str) -> str:
    return str(make_client().search(q, top_k=TOP_K))

@mcp.tool()
def in_place(q: str) -> str:  # given in place, by a name that says what it counts
    return str(make_client().search(q, MAX_RESULTS))

@mcp.tool()
def clamped(q: str, limit: int) -> str:
    return str(make_client().search(q, limit=min(limit, {default})))

class SearchTool(BaseTool):
    name: str = "search"
    description: str = "Search."
    max_results: int = {default}

    def _run(self, q: str) -> str:
        return str(make_client().search(q, max_results=self.max_results))

class ConstructedTool(BaseTool):
    name: str = "lookup"
    description: str = "Look up."

    def __init__(self, top_k={default}, **kwargs):
        super().__init__(**kwargs)
        self.top_k = top_k

    def _run(self, q: str) -> str:
        return str(make_client().search(q, top_k=self.top_k))
"""


@pytest.mark.parametrize(("count", "expected"), [(5, "low"), (50, "medium")])
def test_a_count_the_code_sets_is_read_where_it_is_set(tmp_path, count, expected):
    # A module constant, `min(x, N)`, a setting of the tool's class or of its constructor: how many
    # items the call asks for is known, though not written at the call.
    source = COUNTED.format(constant=count, default=count)
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    found = {f.symbol: f.confidence for f in result.findings if f.code == "BL001"}
    tools = ["by_constant", "in_place", "clamped", "SearchTool._run", "ConstructedTool._run"]
    expected_by_code = dict.fromkeys(tools, expected)
    assert found == {**expected_by_code, "by_the_model": "medium"}


DISPATCHER = """
from somelib import make_client
from mcp.server.lowlevel import Server

server = Server("t")

@server.call_tool()
async def call_tool(name: str, arguments: dict) -> str:
    client = make_client()
    if name == "search_pages":
        return str(client.search(arguments["q"]))
    elif name == "jira_create_comment":
        return str(client.comments(arguments["q"]))
    match name:
        case "slack_user_reply_to_thread":
            return str(client.threads(arguments["q"]))
        case "list_pages":
            return str(client.pages(arguments["q"]))
    return "unknown tool"
"""


def test_a_dispatchers_branch_is_named_by_the_tool_it_serves(tmp_path):
    # One `call_tool` serves many tools: the branch's tool name says what each return answers with.
    result = run_tree(tmp_path, {"server.py": DISPATCHER}, min_confidence="low")
    found = sorted((f.line, f.confidence) for f in result.findings if f.code == "BL001")
    assert found == [(10, "medium"), (12, "low"), (15, "low"), (17, "medium")]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("return format_error_message(make_client().run_command(q))", ["low"]),  # an error report
        ("return make_client().default_tool_error_function(make_client().search(q))", ["low"]),
        ("return get_errors(make_client().search(q))", ["medium"]),  # reads errors: a log may be long
        ("return format_message(make_client().search(q))", ["medium"]),
    ],
)
def test_what_an_error_reporting_function_makes_is_low(tmp_path, body, expected):
    imports = "from somelib import format_error_message, get_errors, format_message\n"
    assert confidence_of(tmp_path, imports + body) == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # the model sees a picture or hears a sound: what it costs is not its bytes as text
        ('from mcp.server.fastmcp import Image\nreturn Image(data=open(q, "rb").read(), format="png")', ["low"]),
        (
            "from mcp.types import ImageContent\nimport base64\n"
            'data = base64.b64encode(open(q, "rb").read()).decode()\n'
            'return ImageContent(type="image", data=data, mimeType="image/png")',
            ["low"],
        ),
        ('return str(open(q, "rb").read())', ["high"]),  # the same bytes as text
    ],
)
def test_an_image_or_audio_block_is_low(tmp_path, body, expected):
    assert confidence_of(tmp_path, body) == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("import pandas as pd\nreturn pd.read_csv(q).to_string(max_rows=50)", ["low"]),  # as much as asked
        ("import pandas as pd\nreturn pd.read_csv(q).to_string()", ["high"]),
        # the table of a query that asks for a page of rows
        (
            "import pandas as pd\nsql = 'SELECT a, b FROM t ORDER BY ts DESC LIMIT 20'\n"
            "return pd.read_sql(sql, q).to_string(index=False)",
            ["low"],
        ),
        (
            "import pandas as pd\nsql = 'SELECT a, b FROM t ORDER BY ts DESC LIMIT 5000'\n"
            "return pd.read_sql(sql, q).to_string(index=False)",
            ["high"],
        ),
    ],
)
def test_a_serialisation_that_asks_for_at_most_so_much_is_low(tmp_path, body, expected):
    assert confidence_of(tmp_path, body) == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("import pandas as pd\nreturn pd.read_csv(q).head().to_markdown()", ["low"]),  # five rows
        ("import pandas as pd\ntop = pd.read_csv(q).nlargest(10, 'score')\nreturn top.to_string()", ["low"]),
        ("import pandas as pd\nreturn pd.read_csv(q).head(100_000).to_string()", ["high"]),
        ("import pandas as pd\nreturn pd.read_csv(q).sort_values('score').to_string()", ["high"]),
    ],
)
def test_the_first_rows_of_a_table_as_text_are_low(tmp_path, body, expected):
    assert confidence_of(tmp_path, body) == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("return make_client().generate(q, max_tokens=500)", ["low"]),
        ("return make_client().generate_str(q, request_params=make_client().params(maxTokens=80))", ["low"]),
        ("return make_client().generate(q, max_tokens=32_000)", ["medium"]),  # more than a budget
        ("return make_client().generate(q, max_tokens=4096)", ["low"]),  # 4K tokens: about the budget
        ("return make_client().generate(q, max_tokens=8192)", ["medium"]),
        ("return make_client().generate(q)", ["medium"]),
        # read out of the answer: still no larger than the tokens asked for
        (
            "r = make_client().chat.completions.create(model='m', max_tokens=300, messages=[])\n"
            "return r.choices[0].message.content",
            ["low"],
        ),
        (
            "r = make_client().chat.completions.create(model='m', messages=[])\nreturn r.choices[0].message.content",
            ["medium"],
        ),
        # a model made to answer in few tokens, then asked: called, or by a method
        ("llm = make_client(model='m', max_tokens=2000)\nreturn llm([q]).content", ["low"]),
        ("llm = make_client(model='m', max_tokens=2000)\nreturn llm.invoke(q).content", ["low"]),
        ("llm = make_client(model='m')\nreturn llm.invoke(q).content", ["medium"]),
        # settings made beforehand, or written as a dict; `.text` of the answer is no HTTP body
        (
            "config = make_client().Config(temperature=0.2, max_output_tokens=1024)\n"
            "response = make_client().generate_content(model='m', contents=q, config=config)\n"
            "return response.text",
            ["low"],
        ),
        (
            "response = make_client().generate_content(q, generation_config={'max_output_tokens': 512})\n"
            "return response.text",
            ["low"],
        ),
        # uncapped, the model's answer is as long as it chooses: its text, not an HTTP body
        (
            "config = make_client().Config(temperature=0.2)\n"
            "response = make_client().generate_content(model='m', contents=q, config=config)\n"
            "return response.text",
            ["medium"],
        ),
        # a chat session's answer (Gemini's `chat.send_message`) is the model's too
        (
            "chat = make_client().chats.create(model='m')\nresponse = chat.send_message(q)\nreturn response.text",
            ["medium"],
        ),
        (
            "chat = make_client().chats.create(model='m', config=make_client().Config(max_output_tokens=512))\n"
            "response = chat.send_message(q)\nreturn response.text",
            ["low"],
        ),
        # a message sent elsewhere is no model's answer
        ("response = make_client().bot.send_message(q)\nreturn response.text", ["high"]),
    ],
)
def test_a_model_answer_capped_in_tokens_is_low(tmp_path, body, expected):
    assert confidence_of(tmp_path, body) == expected


def test_a_model_kept_on_the_object_and_asked_in_a_helper_is_capped(tmp_path):
    helper = """

class Writer:
    def __init__(self, key):
        self.llm = make_client(model="m", max_tokens=1000, api_key=key)

    def describe(self, data):
        return self.llm.invoke(f"Describe {data}").content


def summarise(data):
    llm = make_client(model="m", max_tokens=1000)
    return llm([f"Summarise {data}"]).content
"""
    capped = TOOL.format(name="capped", body="    return Writer('k').describe(q) + summarise(q)")
    free = TOOL.format(name="free", body="    return make_client(model='m').invoke(q).content")
    assert bl001_confidences(tmp_path / "capped", capped + helper) == ["low"]
    assert bl001_confidences(tmp_path / "free", free + helper) == ["medium"]


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        ("ask(q)", ["low"]),  # the helper's default: 2,000 tokens
        ("ask(q, tokens=300)", ["low"]),
        ("ask(q, tokens=32_000)", ["medium"]),  # more than a budget
        ("ask(q, tokens=int(q))", ["medium"]),  # the model's count
    ],
)
def test_a_helper_asks_for_the_tokens_its_caller_leaves_or_gives(tmp_path, call, expected):
    """A count the helper's call chooses, by its parameter's default or as a constant, caps the
    answer; a count the model passes does not."""
    helper = """

def ask(prompt, tokens=2000):
    answer = make_client().chat(model="m", messages=[prompt], options={"num_predict": tokens})
    return answer["message"]["content"]
"""
    source = TOOL.format(name="lookup", body=f"    return {call}")
    assert bl001_confidences(tmp_path, source + helper) == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a field of one record of a listing: a name, a link, a date
        ("filing = make_client().get_filings(q)[0]\nreturn filing.company", ["low"]),
        ("for filing in make_client().get_filings(q):\n    return filing.company\nreturn ''", ["low"]),
        ("period = make_client().get_periods(q)[0]\nreturn period.get('forecast', '')", ["low"]),
        ("return '\\n'.join(p['forecast'] for p in make_client().get_periods(q)[:5])", ["low"]),
        # ... but a content field of one record is content, and the listing whole is a listing
        ("doc = make_client().search(q)[0]\nreturn doc.page_content", ["high"]),
        # ... and so is a listing the record holds, named for a bulk of items
        ("thread = make_client().get_threads(q)[0]\nreturn str(thread['messages'])", ["medium"]),
        ("thread = make_client().get_threads(q)[0]\nreturn str(thread.get('labels'))", ["low"]),
        ("return '\\n'.join(p['detail'] for p in make_client().get_periods(q))", ["medium"]),
        ("return str(make_client().get_filings(q)[0])", ["medium"]),
        # a field that holds the record's data is that data, and so is what is read out of it
        ("row = make_client().get_rows(q)[0]\nreturn str(row['value'])", ["medium"]),
        ("row = make_client().get_rows(q)[0]\nreturn str(row.cells.get('plan'))", ["medium"]),
        # the message of each item of a page is its content (a log line), not a status
        ("return '\\n'.join(e['message'] for e in make_client().get_logs(q, limit=50))", ["medium"]),
        ("return '\\n'.join(e.get('message', '') for e in make_client().get_logs(q, limit=50))", ["medium"]),
    ],
)
def test_a_field_of_one_record_is_low(tmp_path, body, expected):
    assert confidence_of(tmp_path, body) == expected


def test_a_helper_that_formats_one_record_gives_a_short_line(tmp_path):
    source = TOOL.format(
        name="forecast",
        body="    periods = make_client().get_periods(q)\n"
        "    return '\\n'.join(describe(period) for period in periods[:5])",
    )
    helper = "\n\ndef describe(period):\n    return f\"{period.get('name')}: {period['temperature']}\"\n"
    assert bl001_confidences(tmp_path / "few", source + helper) == ["low"]
    # the same helper over every period is as long as the listing
    every = source.replace("periods[:5]", "periods")
    assert bl001_confidences(tmp_path / "all", every + helper) == ["medium"]


def test_an_item_a_helper_finds_in_a_listing_is_one_record(tmp_path):
    source = TOOL.format(
        name="filing_url",
        body="    filing = find(make_client().get_filings(q), q)\n    return filing.company if filing else ''",
    )
    helper = "\n\ndef find(filings, key):\n    for f in filings:\n        if f.key == key:\n            return f\n    return None\n"
    assert bl001_confidences(tmp_path, source + helper) == ["low"]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("r = make_client().fetch(q)\nreturn f\"{r.result[:100]}... exit {getattr(r, 'exit_code', 0)}\"", []),
        ("r = make_client().fetch(q)\nreturn str(getattr(r, 'result', ''))", ["medium"]),
    ],
)
def test_getattr_with_a_constant_name_is_that_attribute(tmp_path, body, expected):
    found = confidence_of(tmp_path, body)
    assert [level for level in found if level != "low"] == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a library function named for the identifier it gives
        ("from somelib import validate_path\nreturn f'Moved to {validate_path(requests.get(q).text)}'", []),
        ("return f'session {make_client().get_session_id()}'", []),
        # ... not one named for reading what the identifier points to
        ("return str(make_client().scrape_url(url=q))", ["medium"]),
        ("return make_client().fetch_url(q)", ["medium"]),
        # ... or for a number it counts
        ("return f'{make_client().GetNumNodes()} nodes'", []),
        ("return str(make_client().count_tokens(requests.get(q).text))", []),
        ("return str(make_client().get_nodes())", ["medium"]),
        ("from somelib import normalize_doi\nreturn f'Resolved {normalize_doi(requests.get(q).json()[\"DOI\"])}'", []),
        # LangChain's async twins read like the verbs they are
        ("return str(make_client().aread(q))", ["medium"]),
        ("return str(make_client().alist_tree_listing(q))", ["medium"]),
        ("return str(make_client().apply(q))", ["low"]),
        # a method that writes its content to a file answers with nothing or a path
        ("return make_client().speech(q).stream_to_file('speech.mp3')", []),
        ("return str(make_client().blob(q).download_to_filename('x.pdf'))", []),
        ("return str(make_client().stream(q))", ["medium"]),
    ],
)
def test_names_of_calls_we_know_nothing_else_about(tmp_path, body, expected):
    assert confidence_of(tmp_path, body) == expected


SETTINGS = """
from dataclasses import dataclass, field

@dataclass
class Configuration:
    max_search_results: int = field(default={count})
"""

SEARCH = """
from langchain_core.tools import tool
from somelib import TavilySearch
from pkg.settings import Configuration

@tool
async def search(q: str) -> str:
    \"\"\"Search the web.\"\"\"
    configuration = Configuration()
    wrapped = TavilySearch(max_results=configuration.max_search_results)
    return str(await wrapped.ainvoke({{"query": q}}))
"""


@pytest.mark.parametrize(("count", "expected"), [(5, ["low"]), (100, ["medium"])])
def test_an_object_made_to_answer_a_few_items_by_its_settings(tmp_path, count, expected):
    files = {
        "pkg/__init__.py": "",
        "pkg/settings.py": SETTINGS.format(count=count),
        "pkg/tools.py": SEARCH.format(),
    }
    result = run_tree(tmp_path, files, min_confidence="low")
    assert [f.confidence for f in result.findings if f.code == "BL001"] == expected


TEST_CUT = """
from langchain_core.tools import tool
import requests


@tool
def preview(url: str) -> str:
    \"\"\"The first part of a page.\"\"\"
    return requests.get(url).text[:500]
"""

PRODUCTION_TOOL = """
import requests


def fetch_page(url: str) -> str:
    return requests.get(url).text
"""

TEST_REGISTERING_IT = """
from langchain_core.tools import tool

from app.pages import fetch_page

page_tool = tool(fetch_page)
"""


def test_every_finding_in_a_test_module_is_low(tmp_path):
    """A silent cut (BL004, `high` elsewhere) in a test's tool answers a test's fake model too."""
    result = run_tree(tmp_path, {"tests/test_preview.py": TEST_CUT}, min_confidence="low")
    assert {(f.code, f.confidence) for f in result.findings} == {("BL004", "low")}
    outside = run_tree(tmp_path / "app", {"preview.py": TEST_CUT}, min_confidence="low")
    assert {(f.code, f.confidence) for f in outside.findings} == {("BL004", "high")}


def test_a_function_only_a_test_registers_is_low_and_reported_once_the_project_registers_it(tmp_path):
    files = {"app/__init__.py": "", "app/pages.py": PRODUCTION_TOOL, "tests/test_pages.py": TEST_REGISTERING_IT}
    only_tests = run_tree(tmp_path / "a", files, min_confidence="low")
    assert [(f.symbol, f.confidence) for f in only_tests.findings] == [("fetch_page", "low")]
    files["app/agent.py"] = TEST_REGISTERING_IT
    registered = run_tree(tmp_path / "b", files, min_confidence="low")
    assert [(f.symbol, f.confidence) for f in registered.findings] == [("fetch_page", "high")]


def test_test_modules_are_not_analysed_when_low_findings_are_hidden(tmp_path):
    """Their findings are all `low`: at the default level the run skips them (the findings are the
    same), and says it cannot tell how many tools the tree has; asked for `low`, it reads them."""
    files = {"app/__init__.py": "", "app/pages.py": PRODUCTION_TOOL, "tests/test_pages.py": TEST_REGISTERING_IT}
    files["tests/test_preview.py"] = TEST_CUT
    default = run_tree(tmp_path / "a", files)
    assert (default.findings, default.roots, default.tools_found) == ([], 0, None)
    everything = run_tree(tmp_path / "b", files, min_confidence="low")
    assert (everything.roots, everything.tools_found) == (2, 2)
    assert {f.confidence for f in everything.findings} == {"low"}
    unused = run_tree(tmp_path / "c", files, show_unused=True)
    assert unused.roots == 2


BROKEN = "from langchain_core.tools import tool\n\n@tool\ndef lookup(q: str -> str:\n    return q\n"


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("app/test_broken.py", "high"),  # a test module of the package: a file that should parse
        ("tests/test_broken.py", "low"),  # under a tests folder: most often a test's input on purpose
        ("tests/data/cleaning/broken_sample.py", "low"),
    ],
)
def test_a_module_that_does_not_parse_is_reported_though_not_analysed(tmp_path, path, expected):
    """A syntax error is about the file, not about what reaches a model: BL900 from the survey,
    also for a test module the default run leaves unanalysed; `low` where a broken file is most
    often meant to be one."""
    result = run_tree(tmp_path, {path: BROKEN, "app/tools.py": PRODUCTION_TOOL}, min_confidence="low")
    found = [(f.code, f.filename.endswith(path), f.line, f.confidence) for f in result.findings if f.code == "BL900"]
    assert found == [("BL900", True, 4, expected)]
    shown = run_tree(tmp_path, {}, min_confidence="medium")
    assert [f.code for f in shown.findings if f.code == "BL900"] == (["BL900"] if expected == "high" else [])


HELPER_WITH_AN_ERROR_REPORT = '''
import traceback
import requests
from langchain_core.tools import tool

def render(q):
    try:
        return BODY
    except Exception as e:
        return f"Error rendering: {e}\\n{traceback.format_exc()}"

@tool
def show(q: str) -> str:
    """Show."""
    return f"Done:\\n{render(q)}"
'''


@pytest.mark.parametrize(
    ("body", "expected", "named"),
    [
        # the helper's only large return reports its failure: `low`, as it is in a tool
        ("f'{q} is ready'", ["low"], "a traceback"),
        # its other return is what the message names, and what sets the level
        ("requests.get(q).json()", ["medium"], "the parsed response"),
    ],
)
def test_a_helpers_error_report_neither_sets_the_level_nor_is_the_culprit(tmp_path, body, expected, named):
    result = run_tree(tmp_path, {"tools.py": HELPER_WITH_AN_ERROR_REPORT.replace("BODY", body)}, min_confidence="low")
    findings = [f for f in result.findings if f.code == "BL001"]
    assert [f.confidence for f in findings] == expected
    assert named in findings[0].message


def test_a_limit_in_the_docstring_asks_for_no_page(tmp_path):
    # The model writes the query; the docstring's example with a `LIMIT` runs nothing.
    source = (
        "import duckdb\nfrom langchain_core.tools import tool\n\n@tool\n"
        "def query(sql: str) -> str:\n"
        '    """Run a SELECT on the graph, e.g. "SELECT content FROM claim LIMIT 10"."""\n'
        "    return duckdb.connect('kg.db').execute(sql).df().to_markdown(index=False)\n"
    )
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert [(f.code, f.confidence) for f in result.findings] == [("BL001", "high")]


CHAIN = """
import requests
from langchain_core.tools import tool

def label(q):
    return f"[{q}]"

def step4(q):
    return label(q)

def step3(q):
    return step4(q)

def step2(q):
    return step3(q)

def step1(q):
    return step2(q)

@tool
def echo(q: str) -> str:
    \"\"\"A tool.\"\"\"
    return step1(q)

@tool
def page(q: str) -> str:
    \"\"\"A tool.\"\"\"
    return step1(requests.get(q).text)
"""


def test_a_call_past_the_depth_followed_is_judged_as_an_unknown_function(tmp_path):
    # `label` is past the calls followed: known as a library's function is, by what it is given.
    result = run_tree(tmp_path, {"tools.py": CHAIN}, min_confidence="low")
    assert [(f.symbol, f.confidence) for f in result.findings] == [("page", "medium")]


def test_a_module_constant_read_past_the_depth_followed_is_still_a_constant(tmp_path):
    # `SUFFIX` read by `step4`, the last call followed: a literal at any depth
    source = CHAIN.replace("def step4(q):\n    return label(q)", 'SUFFIX = "]"\n\ndef step4(q):\n    return q + SUFFIX')
    assert "SUFFIX" in source
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert [(f.symbol, f.confidence) for f in result.findings] == [("page", "medium")]
    assert "SUFFIX" not in result.findings[0].message


def test_an_unknown_function_named_for_a_cut_is_bounded(tmp_path):
    source = HELPER.replace("reformat", "truncate_text_to")
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert result.findings == []


FETCH_HELPER = """

def _get(path):
    return requests.get("https://api.example.com" + path).json()
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a page of records asked in the URL's query: their names and links are short
        (
            "repos = _get(f'/user/repos?sort=updated&per_page={min(3 * len(q), 30)}')\n"
            "return json.dumps([{'name': r['full_name'], 'url': r['html_url']} for r in repos])",
            ["low"],
        ),
        ("users = _get('/users?page_size=100')\nreturn json.dumps([u['name'] for u in users])", ["low"]),
        # a page too large, or a count the model sets, asks for no page
        ("users = _get('/users?page_size=5000')\nreturn json.dumps([u['name'] for u in users])", ["medium"]),
        ("users = _get(f'/users?page_size={q}')\nreturn json.dumps([u['name'] for u in users])", ["medium"]),
    ],
)
def test_a_count_asked_in_the_query_of_a_url(tmp_path, body, expected):
    source = TOOL.format(name="lookup", body=textwrap.indent(body, " " * 4)) + FETCH_HELPER
    assert bl001_confidences(tmp_path, source) == expected


QUERY_HELPER = """

def _execute(query):
    cursor = make_client().cursor()
    cursor.execute(query)
    return cursor.fetchall()
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # the columns of one table, a page of rows
        ("return str(_execute(f'DESCRIBE {q}'))", ["low"]),
        (
            'return str(_execute(f"SELECT column_name, data_type FROM information_schema.columns '
            "WHERE table_name = '{q}'\"))",
            ["low"],
        ),
        ("return str(_execute('SELECT name FROM users LIMIT 20'))", ["low"]),
        # rows of the data; the names of every table, as many as a warehouse holds
        ("return str(_execute(f'SELECT * FROM {q}'))", ["medium"]),
        ("return str(_execute('SHOW TABLES'))", ["medium"]),
    ],
)
def test_a_query_a_helper_is_given_for_a_page_of_rows(tmp_path, body, expected):
    source = TOOL.format(name="lookup", body=textwrap.indent(body, " " * 4)) + QUERY_HELPER
    assert bl001_confidences(tmp_path, source) == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # one record looked up, and its `.data`
        ("user = make_client().get_user(id=q)\nreturn str(user.data)", ["low"]),
        ("tweets = make_client().get_users_tweets(id=q)\nreturn str(tweets.data)", ["medium"]),
        ("page = make_client().get_page(q)\nreturn str(page.data)", ["medium"]),
        # the record a change answers with
        ("tweet = make_client().create_tweet(text=q)\nreturn str(tweet.data)", []),
        ("doc = make_client().create_completion(prompt=q)\nreturn str(doc.data)", ["medium"]),
        # one record taken from a sub-client named for the collection
        ("return str(make_client().deals.get_deal(deal_id=q))", ["low"]),
        ("return str(make_client().deals.list_deals(owner=q))", ["medium"]),
        # named for a collection, though singular
        ("feed = make_client().get_home_timeline(id=q)\nreturn str(feed.data)", ["medium"]),
        ("users = make_client().get_users_following(id=q)\nreturn str(users.data)", ["medium"]),
        # the details or settings of one thing are one record; its rules are a listing
        ("return str(make_client().get_qos_rule_details(rule_id=q))", ["low"]),
        ("return str(make_client().get_autobackup_settings())", ["low"]),
        ("return str(make_client().get_qos_rules())", ["medium"]),
        # a request that names the fields it wants back, each short: those fields only
        ("return str(make_client().epic_issues(epic=q, fields=['key']))", ["low"]),
        ("return str(make_client().epic_issues(epic=q, fields=['key', 'description']))", ["medium"]),
        ("return str(make_client().files().list(q=q, fields='nextPageToken, files(id, name)').execute())", ["low"]),
        ("return str(make_client().files().list(q=q, fields='files(id, name, description)').execute())", ["medium"]),
        ("return str(make_client().files().list(q=q).execute())", ["medium"]),
        # ... unless it asks for more than a page of them
        ("return str(make_client().files().list(q=q, fields='files(id, name)', pageSize=1000).execute())", ["medium"]),
        # a request run as built, without a field selector, keeps its own level
        ("return str(make_client().table(q).select('*').eq('id', q).execute())", ["medium"]),
    ],
)
def test_names_of_one_record_and_of_a_listing(tmp_path, body, expected):
    assert confidence_of(tmp_path, body) == expected


@pytest.mark.parametrize(
    ("field", "expected"),
    [
        # a condensed text or an event's title, not the record's content
        ("summary", ["low"]),
        ("title", ["low"]),
        ("description", ["medium"]),
        ("body", ["medium"]),
    ],
)
def test_a_field_of_each_record_of_a_page_by_its_name(tmp_path, field, expected):
    body = (
        "events = make_client().events().list(calendarId='primary', maxResults=20).execute()\n"
        f"return '\\n'.join(str(e.get('{field}', '')) for e in events.get('items', []))"
    )
    assert confidence_of(tmp_path, body) == expected


SCRAPE = """
import requests
from bs4 import BeautifulSoup
from langchain_core.tools import tool

@tool
def scrape(url: str) -> str:
    \"\"\"Scrape.\"\"\"
    soup = BeautifulSoup(requests.get(url).text, "html.parser")
    out = []
    for item in {items}:
        out.append(item.get_text(strip=True))
    return "\\\\n".join(out)
"""


@pytest.mark.parametrize(
    ("items", "expected"),
    [
        # a few links or headings: a line each
        ('soup.find_all("h3")[:5]', ["low"]),
        ('soup.select("div.result > a.result__a")[:10]', ["low"]),
        # paragraphs may be long; every link of a page is a listing as long as the page
        ('soup.find_all("p")[:5]', ["high"]),
        ('soup.find_all("a")', ["medium"]),
    ],
)
def test_the_text_of_a_few_links_or_headings_is_short(tmp_path, items, expected):
    assert bl001_confidences(tmp_path, SCRAPE.format(items=items)) == expected


@pytest.mark.parametrize(
    ("element", "expected"),
    [
        ("soup.title", ["low"]),  # the page's first <title>: a line
        ("soup.h1", ["low"]),
        ("soup.body", ["high"]),  # the whole page's text
    ],
)
def test_the_text_of_a_page_element_named_for_a_line_is_short(tmp_path, element, expected):
    source = SCRAPE.replace(
        "    out = []\n    for item in {items}:\n        out.append(item.get_text(strip=True))\n", ""
    )
    source = source.replace('return "\\\\n".join(out)', f"return {element}.get_text(strip=True)")
    assert bl001_confidences(tmp_path, source) == expected


def test_an_empty_url_asks_for_no_count(tmp_path):
    body = "users = _get(f'')\nreturn json.dumps([u['name'] for u in users])"
    source = TOOL.format(name="lookup", body=textwrap.indent(body, " " * 4)) + FETCH_HELPER
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert result.errors == []


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a client's request with keywords is a request, not `dict.get(key, default)`
        (
            "import httpx\nticket_id = q.strip()\nwith httpx.Client() as c:\n    r = c.get(f'https://x/tickets/{ticket_id}', timeout=10)\n"
            "    return str(r.json())",
            ["low"],
        ),
        (
            "import httpx\nwith httpx.Client() as c:\n    r = c.get('https://x/tickets', params={'q': q}, timeout=10)\n"
            "    return str(r.json())",
            ["medium"],
        ),
        (
            "import httpx\nwith httpx.Client() as c:\n    r = c.get('https://x/tickets', params={'per_page': 5}, timeout=10)\n"
            "    return str(r.json())",
            ["low"],
        ),
        ("company_id = q.strip()\nreturn str(requests.get(f'https://x/companies/{company_id}').json())", ["low"]),
        # a listing filtered by another record's key is no one resource
        (
            "customer_id = q.strip()\nreturn str(requests.get(f'https://x/tickets/customer/{customer_id}').json())",
            ["medium"],
        ),
        ("customer_id = q.strip()\nreturn str(requests.get(f'https://x/invoices/{customer_id}').json())", ["medium"]),
        # the URL after the HTTP method, or by keyword
        (
            "ticket_id = q.strip()\nreturn str(requests.request('GET', f'https://x/tickets/{ticket_id}').json())",
            ["low"],
        ),
    ],
)
def test_a_request_of_a_client_made_here(tmp_path, body, expected):
    assert confidence_of(tmp_path, body) == expected


CAUGHT = """
import httpx
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")

@mcp.tool()
async def time_entries(change_id: int) -> dict:
    async with httpx.AsyncClient() as client:
        try:
            response = await client.get(f"https://x/api/changes/{change_id}/time_entries")
            response.raise_for_status()
            return response.json()
        except httpx.HTTPStatusError as e:
            return {"error": str(e), "details": e.response.text}
"""


def test_the_response_of_a_caught_status_error_is_an_error_body(tmp_path):
    result = run_tree(tmp_path, {"server.py": CAUGHT}, min_confidence="low")
    found = sorted((f.line, f.confidence, "the error body" in f.message) for f in result.findings)
    assert found == [(12, "medium", False), (14, "low", True)]


SETTINGS_INSTANCE = """
from pydantic_settings import BaseSettings


class Settings(BaseSettings):
    rag_top_k: int = {count}


settings = Settings()
"""

RAG_TOOL = """
import httpx
from langchain_core.tools import tool
from pkg.config import settings


@tool
def search_manuals(query: str) -> str:
    \"\"\"Search the manuals.\"\"\"
    response = httpx.post("https://rag.example/search", json={{"query": query, "top_k": settings.rag_top_k}})
    return str(response.json())
"""


@pytest.mark.parametrize(("count", "expected"), [(5, ["low"]), (500, ["medium"])])
def test_a_count_read_from_a_settings_instance_the_module_imports(tmp_path, count, expected):
    files = {
        "pkg/__init__.py": "",
        "pkg/config.py": SETTINGS_INSTANCE.format(count=count),
        "pkg/tools.py": RAG_TOOL.format(),
    }
    result = run_tree(tmp_path, files, min_confidence="low")
    assert [f.confidence for f in result.findings if f.code == "BL001"] == expected


def test_of_two_as_sure_the_message_names_the_source_of_the_data(tmp_path):
    # both `medium`: an unknown client's notes, and a parsed response; the response is named
    body = "notes = make_client().notes\nreturn json.dumps({'notes': notes, 'page': requests.get(q).json()})"
    source = TOOL.format(name="lookup", body=textwrap.indent(body, " " * 4))
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    messages = [f.message for f in result.findings if f.code == "BL001"]
    assert len(messages) == 1 and "the parsed response `requests.get(q).json()`" in messages[0], messages


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a program the code sets without spelling it: its output is as often a status as a bulk
        (
            "import subprocess\nfrom app import settings\n"
            "return subprocess.run([settings.terraform_bin, 'plan'], capture_output=True, text=True).stdout",
            ["medium"],
        ),
        (
            "import subprocess, shutil\nTF = shutil.which('terraform')\n"
            "return subprocess.check_output(f'{TF} show', shell=True, text=True)",
            ["medium"],
        ),
        # the model's command, the model's script, a program known to print what it reads
        ("import subprocess\nreturn subprocess.run(q, shell=True, capture_output=True, text=True).stdout", ["high"]),
        (
            "import subprocess, sys\n"
            "return subprocess.run([sys.executable, '-c', q], capture_output=True, text=True).stdout",
            ["high"],
        ),
        (
            "import subprocess\nreturn subprocess.run(['git', 'log', q], capture_output=True, text=True).stdout",
            ["high"],
        ),
        # an interpreter runs a script, which prints what it likes
        (
            "import subprocess, sys\npath = '/tmp/x.py'\nopen(path, 'w').write(q)\n"
            "return subprocess.run([sys.executable, path], capture_output=True, text=True).stdout",
            ["high"],
        ),
        (
            "import subprocess\nfrom app import settings\nvenv_python = settings.venv + '/bin/python'\n"
            "return subprocess.run([venv_python, '-m', 'pip', 'list'], capture_output=True, text=True).stdout",
            ["high"],
        ),
    ],
)
def test_a_program_the_code_sets_without_spelling_it_is_medium(tmp_path, body, expected):
    assert confidence_of(tmp_path, body) == expected


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("libraries/python/tests/integration/servers_for_testing/primitive_server.py", True),
        ("tests/load_test/load_test.py", True),
        ("agents/test_writer/tools.py", False),  # a folder of an agent that writes tests
        ("tests/examples/weather_app/tools.py", False),  # an example project kept under tests
        ("src/contest/tools.py", False),
    ],
)
def test_a_module_is_a_test_by_its_name_or_its_own_folders(path, expected):
    assert is_test_path(PurePath(path)) is expected


def test_a_retriever_the_tool_makes_in_its_init_to_answer_a_few_answers_a_few(tmp_path):
    source = """
from langchain_community.retrievers import BM25Retriever
from smolagents import Tool


class RetrieverTool(Tool):
    name = "retriever"
    description = "Finds passages."
    inputs = {"query": {"type": "string", "description": "What to find."}}
    output_type = "string"

    def __init__(self, docs, **kwargs):
        super().__init__(**kwargs)
        self.retriever = BM25Retriever.from_documents(docs, k={k})

    def forward(self, query: str) -> str:
        return "".join(doc.page_content for doc in self.retriever.invoke(query))
"""
    found = {}
    for k in (10, 500):
        result = run_tree(tmp_path / str(k), {"tools.py": source.replace("{k}", str(k))}, min_confidence="low")
        found[k] = [f.confidence for f in result.findings if f.code == "BL001"]
    assert found == {10: ["low"], 500: ["high"]}


COUNT_STOPPED = """
from pathlib import Path
found = []
for path in sorted(Path(q).rglob("*.py")):
    for line in path.read_text().splitlines():
        if "TODO" in line:
            found.append(line)
            {stop}
return "\\n".join(found)
"""


@pytest.mark.parametrize(
    ("stop", "expected"),
    [
        # at the count it stops at: that many lines, as on the way out of the loops
        ('if len(found) >= 40:\n                return "\\n".join(found)', ["low"]),
        # a count the model gives may be anything
        ('if len(found) >= int(q):\n                return "\\n".join(found)', ["high"]),
        # a break of the inner loop only: the outer loop goes on appending
        ("if len(found) >= 40:\n                break", ["high"]),
        ("pass", ["high"]),
    ],
)
def test_a_list_returned_where_it_reaches_its_count_is_that_many_items(tmp_path, stop, expected):
    assert confidence_of(tmp_path, COUNT_STOPPED.format(stop=stop)) == expected


SESSION_TOOL = """
from sqlalchemy import select
from mcp.server.fastmcp import FastMCP
from app.db import Session, Task

mcp = FastMCP("tasks")


@mcp.tool()
async def list_tasks(status: str = "all", limit: int = {default}) -> str:
    \"\"\"List tasks.\"\"\"
    async with Session() as session:
        query = select(Task).order_by(Task.created_at.desc()){chain}
        if status != "all":
            query = query.where(Task.status == status)
        result = await session.execute(query)
        lines = [f"{{t.title}} [{fields}]" for t in result.scalars().all()]
        return "\\n".join(lines)
"""


@pytest.mark.parametrize(
    ("chain", "default", "fields", "expected"),
    [
        # A page of rows by the tool's default, refined by a filter, run by the session: short fields.
        (".limit(limit)", 10, "{t.status.value}", ["low"]),
        (".limit(25)", 10, "{t.owner.email}", ["low"]),
        # No limit, or more than a page by default: every row.
        ("", 10, "{t.status.value}", ["medium"]),
        (".limit(limit)", 5000, "{t.status.value}", ["medium"]),
        # Each row's body, a hundred times over, is not short.
        (".limit(limit)", 10, "{t.body}", ["medium"]),
    ],
)
def test_rows_of_a_query_built_with_a_limit_and_run_by_a_session(tmp_path, chain, default, fields, expected):
    source = SESSION_TOOL.format(chain=chain, default=default, fields=fields)
    assert bl001_confidences(tmp_path, source) == expected


@pytest.mark.parametrize(
    ("chain", "expected"),
    [
        (".limit(50)", ["low"]),  # the page of rows the builder asks for, as a written `LIMIT 50`
        ("", ["medium"]),  # every row
        (".limit(int(pattern))", ["medium"]),  # as many as the model says
    ],
)
def test_rows_fetched_from_a_query_built_with_a_limit(tmp_path, chain, expected):
    source = (
        "from sqlalchemy import select\nfrom langchain_core.tools import tool\nfrom app.models import File\n\n\n"
        '@tool\nasync def list_files(pattern: str, db=None) -> str:\n    """List files."""\n'
        f"    result = await db.execute(select(File.path).where(File.path.ilike(pattern)){chain})\n"
        "    rows = result.fetchall()\n"
        "    return '\\n'.join(f'{row[0]}' for row in rows)\n"
    )
    assert bl001_confidences(tmp_path, source) == expected


@pytest.mark.parametrize(
    ("executed", "expected"),
    [
        # a query built right there and run by the session: one record of the model, by columns
        ("select(File.content, File.language).where(File.path == path)", ["low"]),
        # a query text made elsewhere: any row, as large as its columns
        ("text(QUERY)", ["medium"]),
    ],
)
def test_an_item_of_one_row_of_a_query_the_session_runs(tmp_path, executed, expected):
    source = (
        "from sqlalchemy import select, text\nfrom langchain_core.tools import tool\n"
        "from app.models import File, QUERY\n\n\n"
        '@tool\nasync def file_language(path: str, db=None) -> str:\n    """A file\'s language."""\n'
        f"    result = await db.execute({executed})\n"
        "    row = result.first()\n"
        "    return f'{row[1]}'\n"
    )
    assert bl001_confidences(tmp_path, source) == expected


PAGE_OF_MODELS = """
import requests
from pydantic import BaseModel
from langchain_core.tools import tool


class PullRequest(BaseModel):
    number: int
    title: str


def pull_requests(repo: str) -> list[PullRequest]:
    pulls = requests.get(f"https://api.github.com/repos/{{repo}}/pulls", params={{"per_page": 30}}).json()
    return [PullRequest(number=p["number"], title=p["title"]) for p in pulls]


@tool
def list_pulls(repo: str) -> dict:
    \"\"\"List pull requests.\"\"\"
    prs = pull_requests(repo)
    return {{"count": len(prs), "pulls": [{dump} for pr in prs]}}
"""


@pytest.mark.parametrize(
    ("dump", "expected"),
    [
        # each item of a helper's page, serialised: the page itself, as sure as when returned whole
        ("pr.model_dump()", ["low"]),
        ("pr.dict()", ["low"]),
        ("pr", ["low"]),
        # ... but not a call that makes something else of each item
        ("requests.get(pr.url).text", ["high"]),
    ],
)
def test_an_item_of_a_page_serialised_is_judged_as_the_page(tmp_path, dump, expected):
    assert bl001_confidences(tmp_path, PAGE_OF_MODELS.format(dump=dump)) == expected


CONVERTED_PAGE = {
    "pkg/__init__.py": "",
    "pkg/models.py": """
from pydantic import BaseModel

class SearchResult(BaseModel):
    total: int = 0
    issues: list[dict] = []

    def to_simplified_dict(self) -> dict:
        return {"total": self.total, "issues": self.issues}
""",
    "pkg/client.py": """
from atlassian import Jira
from .models import SearchResult

class Fetcher:
    def __init__(self):
        self.jira = Jira(url="x")

    def board_issues(self, board: str, limit: int = 50) -> SearchResult:
        data = self.jira.get_issues_for_board(board, limit=limit)
        return SearchResult(total=data["total"], issues=data["issues"])
""",
    "pkg/server.py": """
import json
from typing import Annotated
from pydantic import Field
from mcp.server.fastmcp import FastMCP
from .client import Fetcher

mcp = FastMCP("x")

@mcp.tool()
def board_issues(board: str, limit: Annotated[int, Field(ge=1, le=MOST)] = 10) -> str:
    found = Fetcher().board_issues(board, limit=limit)
    return json.dumps(found.CONVERT())
""",
}


@pytest.mark.parametrize(
    ("most", "convert", "expected"),
    [
        # a method of the tree named for a conversion gives the small page it is called on
        ("50", "to_simplified_dict", "low"),
        ("50", "model_dump", "low"),
        # ... and a page of up to a hundred, as it is
        ("100", "to_simplified_dict", "medium"),
    ],
)
def test_a_conversion_of_a_small_page_is_a_small_page(tmp_path, most, convert, expected):
    files = {name: text.replace("MOST", most).replace("CONVERT", convert) for name, text in CONVERTED_PAGE.items()}
    result = run_tree(tmp_path, files, min_confidence="low")
    assert [f.confidence for f in result.findings if f.code == "BL001"] == [expected]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # the model's own arguments, parsed by any JSON library, are what it sent
        ("import json5\nreturn f\"https://img/{json5.loads(q)['prompt']}\"", []),
        ("import orjson\nreturn orjson.loads(q)['prompt']", []),
        # a loop of a count drawn at random below a small bound ends soon
        ("import random\nout = []\nfor _ in range(random.randint(3, 8)):\n    out.append(q)\nreturn out", []),
        (
            "import random\nout = []\nfor _ in range(random.randint(3, len(q))):\n    out.append(q)\nreturn out",
            ["medium"],
        ),
    ],
)
def test_parsed_arguments_and_random_counts_are_what_the_code_makes(tmp_path, body, expected):
    assert confidence_of(tmp_path, body) == expected


LLAMA_STATE = """
from llama_index.core.workflow import Context
from llama_index.core.tools import FunctionTool


async def balance(ctx: Context, account_id: str) -> str:
    \"\"\"Balance.\"\"\"
    user_state = await {read}
    return f"Account {{account_id}} has a balance of ${{user_state['account_balance']}}"


tools = [FunctionTool.from_defaults(async_fn=balance)]
"""


@pytest.mark.parametrize("read", ['ctx.get("user_state")', 'ctx.store.get("user_state")'])
def test_what_a_workflow_context_keeps_is_the_applications_data(tmp_path, read):
    # as `tool_context.state` is: a short field of it in a line is short
    assert bl001_confidences(tmp_path, LLAMA_STATE.format(read=read)) == ["low"]


API_HELPERS = """
import httpx


async def api(method, endpoint):
    async with httpx.AsyncClient(base_url="https://bi.example") as client:
        response = await client.request(method, endpoint)
    return response.json()


async def with_refresh(api_call):
    try:
        response = await api_call()
        if response.status_code != 401:
            return response
    except httpx.HTTPStatusError as e:
        if e.response.status_code != 401:
            raise e
        response = e.response
    return await api_call()


async def api_refreshing(method, endpoint):
    async def make_request():
        async with httpx.AsyncClient(base_url="https://bi.example") as client:
            return await client.get(endpoint)

    response = await with_refresh(make_request)
    return response.json()


async def api_nested(method, endpoint):
    async def make_request():
        async with httpx.AsyncClient(base_url="https://bi.example") as client:
            return await client.get(endpoint)

    response = await make_request()
    return response.json()
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # one resource by its key, under a collection named in the singular (Superset's API)
        ("return await api('get', f'/api/v1/chart/{q}')", ["medium"]),  # `q` names no chart
        ("chart_id = int(q)\nreturn await api('get', f'/api/v1/chart/{chart_id}')", ["low"]),
        ("chart_id = int(q)\nreturn await api('get', f'/api/v1/chart/{chart_id}/data')", ["medium"]),
        ("doc_id = int(q)\nreturn await api('get', f'/api/v1/document/{doc_id}')", ["medium"]),  # a text
        # the request made in a nested function, by the maker's parameter
        ("chart_id = int(q)\nreturn await api_nested('get', f'/api/v1/chart/{chart_id}')", ["low"]),
        ("return await api_nested('get', '/api/v1/chart/')", ["medium"]),
        # ... and run by a helper that retries it and returns what it answers
        ("chart_id = int(q)\nreturn await api_refreshing('get', f'/api/v1/chart/{chart_id}')", ["low"]),
        ("return await api_refreshing('get', '/api/v1/chart/')", ["medium"]),
    ],
)
def test_one_resource_by_a_singular_collections_key_also_through_a_closure(tmp_path, body, expected):
    source = TOOL.replace("def {name}(q: str)", "async def {name}(q: str)").format(
        name="lookup", body=textwrap.indent(body, "    ")
    )
    assert bl001_confidences(tmp_path, source + API_HELPERS) == expected


ASYNCPG_SEARCH = """
import asyncpg
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("rules")


@mcp.tool()
async def search_rules(query: str, limit: int = {default}) -> list:
    \"\"\"Search rules.\"\"\"
    conn = await asyncpg.connect("postgresql://db")
    rows = await conn.fetch("SELECT city, text FROM rules WHERE text ILIKE $1 {clause}", query, limit)
    return [dict(r) for r in rows]
"""


@pytest.mark.parametrize(
    ("default", "clause", "expected"),
    [
        ("5", "LIMIT $2", ["low"]),  # asyncpg's placeholder, given the tool's small default
        ("5000", "LIMIT $2", ["medium"]),  # more than a page
        ("5", "ORDER BY city", ["medium"]),  # no limit: `limit` is passed to nothing that uses it
    ],
)
def test_a_numbered_placeholder_limit_given_a_count_asks_for_a_page(tmp_path, default, clause, expected):
    assert bl001_confidences(tmp_path, ASYNCPG_SEARCH.format(default=default, clause=clause)) == expected


QUERY_RUN_BY_A_HELPER = """
import boto3
from strands import tool


def execute_sql(sql: str, parameters: list | None = None) -> dict:
    request = {{"sql": sql}}
    if parameters:
        request["parameters"] = parameters
    return boto3.client("rds-data").execute_statement(**request)


def parameter(name, value):
    return {{"name": name, "value": {{"longValue": value}}}}


@tool
def list_components(kind: str = "", limit: int = {default}) -> dict:
    \"\"\"List components.\"\"\"
    if kind:
        sql = "SELECT id, name FROM component WHERE kind = :kind {clause}"
        parameters = [parameter("kind", kind), parameter("limit", {given})]
    else:
        sql = "{other}"
        parameters = [parameter("limit", {given})]
    response = execute_sql(sql, parameters)
    return {{"components": response["records"]}}
"""


LIMITED = "SELECT id, name FROM component LIMIT :limit"


@pytest.mark.parametrize(
    ("given", "clause", "other", "expected"),
    [
        # the helper runs a query whose `LIMIT :limit` this tool keeps to a page, in each branch
        ("min(limit, 50)", "LIMIT :limit", LIMITED, ["low"]),
        ("min(limit, 5000)", "LIMIT :limit", LIMITED, ["medium"]),  # more than a page
        ("min(limit, 50)", "LIMIT :limit", "SELECT id, name FROM component", ["medium"]),  # a branch asks for all
        ("min(limit, 50)", "ORDER BY name", "SELECT id, name FROM component ORDER BY name", ["medium"]),  # no limit
        # the tool's default, which the model may raise as far as it likes
        ("limit", "LIMIT :limit", LIMITED, ["medium"]),
    ],
)
def test_a_placeholder_limit_given_a_count_asks_for_a_few_through_the_helper_that_runs_it(
    tmp_path, given, clause, other, expected
):
    source = QUERY_RUN_BY_A_HELPER.format(default=50, given=given, clause=clause, other=other)
    assert bl001_confidences(tmp_path, source) == expected


@pytest.mark.parametrize(
    ("appended", "expected"),
    [
        ('sql += " ORDER BY name LIMIT :limit"', ["low"]),  # the clause the query ends with
        ('sql += " ORDER BY name"', ["medium"]),
    ],
)
def test_a_limit_clause_appended_to_the_query_a_helper_runs(tmp_path, appended, expected):
    body = """
    if kind:
        sql = "SELECT id, name FROM component WHERE kind = :kind"
    else:
        sql = "SELECT id, name FROM component"
    {appended}
    parameters = [parameter("kind", kind), parameter("limit", min(limit, 50))]
    response = execute_sql(sql, parameters)
    return {{"components": response["records"], "count": len(response["records"])}}
"""
    head, _, _ = QUERY_RUN_BY_A_HELPER.partition("    if kind:")
    source = head.format(default=50) + body.format(appended=appended)
    assert bl001_confidences(tmp_path, source) == expected


LIFESPAN_CLIENT = """
from dataclasses import dataclass

import httpx
from mcp.server.fastmcp import FastMCP, Context


@dataclass
class AppContext:
    client: httpx.AsyncClient
    token: str


mcp = FastMCP("bi")


async def api(ctx: Context, endpoint: str):
    app: AppContext = ctx.request_context.lifespan_context
    client = app.client
{request}
    return response.json()


@mcp.tool()
async def chart_get_by_id(ctx: Context, chart_id: int) -> dict:
    \"\"\"Get one chart.\"\"\"
    return await api(ctx, f"/api/v1/chart/{{chart_id}}")


@mcp.tool()
async def chart_list(ctx: Context) -> dict:
    \"\"\"List charts.\"\"\"
    return await api(ctx, "/api/v1/chart/")
"""


@pytest.mark.parametrize(
    "request_made",
    [
        "    response = await client.get(endpoint)",
        # in a nested function, by the client the maker took from its context
        "    async def make_request():\n        return await client.get(endpoint)\n\n    response = await make_request()",
    ],
)
def test_a_client_a_typed_context_declares_makes_requests(tmp_path, request_made):
    # the class declares `client: httpx.AsyncClient`: `client.get(path)` is a request, which asks
    # for one chart by its key, or for their listing
    assert bl001_confidences(tmp_path, LIFESPAN_CLIENT.format(request=request_made)) == ["low", "medium"]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("import inspect\nreturn str(inspect.signature(make_client().lookup(q)))", []),
        ("import inspect\nreturn f'{q}: {inspect.iscoroutinefunction(make_client().lookup(q))}'", []),
        ("import inspect\nreturn inspect.getsource(make_client().lookup(q))", ["medium"]),  # a whole source
    ],
)
def test_what_inspect_says_of_a_function(tmp_path, body, expected):
    assert confidence_of(tmp_path, body) == expected


FAILED_RUN = """
import subprocess
from langchain_core.tools import tool

@tool
def deploy(stack: str) -> str:
    \"\"\"Deploy a stack.\"\"\"
    proc = subprocess.run(["terraform", "apply"], capture_output=True, text=True, cwd=stack)
    if proc.returncode != 0:
        return f"Error: terraform apply failed: {proc.stderr[:500]}"
    return proc.stdout[:4000]
"""


def test_a_silent_cut_in_the_report_of_a_failure_is_low(tmp_path):
    # an excerpt of the error's text (`low`), beside a cut of the tool's answer (`high`)
    result = run_tree(tmp_path, {"tools.py": FAILED_RUN}, min_confidence="low")
    assert sorted((f.line, f.confidence) for f in result.findings if f.code == "BL004") == [(9, "low"), (10, "high")]
