"""Deciding whether a tool return is bounded: one behaviour per test."""

from __future__ import annotations

import textwrap

import pytest

from tests.helpers import run_tree

HEADER = (
    "from langchain_core.tools import tool\nfrom boundlint_runtime import truncate_text, truncate_for_llm\n"
    "import asyncio, requests, json, subprocess, os, traceback\n\n"
)


def verdicts(tmp_path, body: str, **config) -> list[tuple[str, str]]:
    """(code, confidence) of each finding for a single tool named `t`."""
    source = (
        HEADER + '@tool\ndef t(q: str, n: int = 5):\n    """T."""\n' + textwrap.indent(textwrap.dedent(body), "    ")
    )
    result = run_tree(tmp_path, {"mod.py": source}, **config)
    assert result.errors == []
    return [(f.code, f.confidence) for f in result.findings if f.code in ("BL001", "BL004")]


BOUNDED = {
    # a coroutine of an `async def` of the tree, never awaited: its text is `<coroutine object ...>`
    "the text of a coroutine never awaited": (
        "async def fetch(u):\n    return requests.get(u).text\nreturn str(fetch(q))"
    ),
    "constant": "return 'ok'",
    "numbers and comparisons": "return n * 2 > 3",
    "echoed argument": "return f'you asked: {q}'",
    "exception message": "try:\n    requests.get(q).raise_for_status()\n    return 'ok'\nexcept Exception as e:\n    return f'failed: {e}' + str(e)\n",
    "checkpoint": "return truncate_text(requests.get(q).text, max_chars=100)",
    "checkpoint through a variable": "text = requests.get(q).text\ntext = truncate_text(text, max_chars=100)\nreturn text",
    "narrowed by a length check": "text = requests.get(q).text\nif len(text) > 100:\n    return 'too long'\nreturn text",
    # a line range the model asks for, through locals made of its arguments
    "a range of lines through locals made of the arguments": (
        "lines = requests.get(q).text.splitlines()\ntry:\n    start = int(n)\nexcept ValueError:\n    start = 1\n"
        "s_idx = max(0, start - 1)\ne_idx = len(lines) if n == 0 else min(len(lines), start + 50)\n"
        "return ''.join(lines[s_idx:e_idx])"
    ),
    # both ends kept, the tail counted from the end by an expression (`-n // 2` is `(-n) // 2`)
    "a helper that keeps the head and the tail around a marker": (
        "def cut(content, max_length):\n    if len(content) <= max_length:\n        return content\n"
        "    return content[: max_length // 2] + '\\n...truncated...\\n' + content[-max_length // 2 :]\n"
        "return cut(requests.get(q).text, 40000)"
    ),
    "a field of one row found in a listing": (
        "rows = requests.get(q).json()['data']\nname_at, ticker_at = 1, 2\nfor row in rows:\n"
        "    if row[ticker_at] == q:\n        return f'{q}: {row[name_at]}'\nreturn 'not found'"
    ),
    "a folder's path read off a helper's argument": (
        "import os\ndef where(state):\n    return os.path.join(state.dump_dir, 'out.json')\n"
        "return where(requests.get(q).json())"
    ),
    "a short field a helper reads with get": (
        "def pick(entity):\n    return {'id': entity.get('id')}\nreturn str(pick(requests.get(q).json()))"
    ),
    "a note row appended after the cut": (
        "rows = requests.get(q).json()\nif len(rows) > 100:\n    rows = rows[:100]\n"
        "    rows.append({'_note': 'Results truncated to 100 rows'})\nreturn json.dumps(rows)"
    ),
    "a cursor's columns": (
        "import sqlite3\ncursor = sqlite3.connect(q).cursor()\ncursor.execute('SELECT * FROM t WHERE 1 = 0')\n"
        "return str([column[0] for column in cursor.description])"
    ),
    "narrowed to exactly one item": (
        "rows = requests.get(q).json()\nif len(rows) != 1:\n    return 'expected one row'\nreturn str(rows)"
    ),
    "narrowed in a conditional expression": "text = requests.get(q).text\nreturn text if len(text) <= 100 else 'too long'",
    "narrowed by a test held in a local": (
        "text = requests.get(q).text\ntruncated = len(text) > n\n"
        "return text[:n] + '... [truncated]' if truncated else text"
    ),
    "narrowed by a test held in a local, in a statement": (
        "text = requests.get(q).text\ntoo_long = len(text) > 100\nif too_long:\n    return 'too long'\nreturn text"
    ),
    "dict of small parts": "return {'query': q, 'count': len(q), 'ok': True}",
    "len of a big value": "return len(requests.get(q).text)",
    "slice with marker": "text = requests.get(q).text\nreturn text[:90] + '... [truncated]'",
    "slice with a truncated flag": "items = requests.get(q).json()\nreturn {'items': items[:5], 'truncated': len(items) > 5}",
    "list grown over a bounded range": "out = []\nfor i in range(3):\n    out.append(i)\nreturn out",
    # a stop the code keeps small: `min` with a constant, a parameter the tool clamps
    "records over a range capped by min": "return [{'i': i, 'q': q} for i in range(min(3, len(q)))]",
    "records over a range of a clamped parameter": "n = min(n, 8)\nreturn [{'i': i} for i in range(1, n + 2)]",
    "uuid": "import uuid\nreturn str(uuid.uuid4())",
    "the hex the model gave, decoded": "return bytes.fromhex(q).decode('utf-8')",
    # YAML is written out and read in as JSON is
    "a yaml dump of the tool's own small values": "import yaml\nreturn yaml.safe_dump({'q': q, 'ok': True})",
    "the package's own yaml file": (
        "import yaml, pathlib\nwith open(pathlib.Path(__file__).parent / 'spec.yml') as f:\n"
        "    spec = yaml.safe_load(f)\nreturn json.dumps(spec)"
    ),
    # a test of what measures its size: its JSON, its bytes, its tokens
    "narrowed by the size of its json": (
        "rows = requests.get(q).json()\nif len(json.dumps(rows)) > 20000:\n    return 'too large'\nreturn json.dumps(rows)"
    ),
    "narrowed by its encoded size": (
        "text = requests.get(q).text\nif len(text.encode('utf-8')) <= 20000:\n    return text\nreturn 'too large'"
    ),
    "narrowed by a token count": (
        "text = requests.get(q).text\nif not count_tokens(text) <= 4000:\n    return 'too long'\nreturn text"
    ),
    "narrowed by a size held in a local": (
        "text = requests.get(q).text\nsize = len(text)\nif size > 100:\n    return 'too long'\nreturn text"
    ),
    "narrowed by a token count held in a local": (
        "text = requests.get(q).text\ntokens = count_tokens(text)\nif tokens <= 4000:\n    return text\n"
        "return text[:16000] + '... [truncated]'"
    ),
    "a helper that answers the text and whether it cut it, measured by tokens": (
        "def cut(content, max_tokens=4000):\n    current = count_tokens(content)\n"
        "    if current <= max_tokens:\n        return content, False\n"
        "    return content[: max_tokens * 4] + '\\n[Response truncated]', True\n"
        "text, cut_it = cut(requests.get(q).text)\nreturn text"
    ),
    # a field of a local cut in place, after a test of its size
    "a field cut in place": (
        "result = subprocess.run(q, capture_output=True, text=True)\nif len(result.stdout) > 5000:\n"
        "    result.stdout = result.stdout[:5000] + '... [OUTPUT TRUNCATED]'\nreturn result.stdout"
    ),
    "a field cut in place by a helper that returns the object": (
        "def limited(cmd):\n    done = subprocess.run(cmd, capture_output=True, text=True)\n"
        "    if len(done.stdout) > 5000:\n        done.stdout = done.stdout[:5000] + '... [OUTPUT TRUNCATED]'\n"
        "    return done\nreturn limited(q).stdout"
    ),
    "a field named for a link, set from a response": (
        "import types\njob = types.SimpleNamespace()\njob.result_url = requests.get(q).json().get('result')\n"
        "return job.result_url"
    ),
    "a field of a parameter cut in place by a helper that returns it": (
        "def limited(done):\n    if len(done.stdout) > 5000:\n"
        "        done.stdout = done.stdout[:5000] + '... [OUTPUT TRUNCATED]'\n"
        "    return done\nreturn limited(subprocess.run(q, capture_output=True, text=True)).stdout"
    ),
    # the parts of a match are parts of the text searched
    "the groups of a match of the tool's argument": (
        "import re\nif 'ssh' in q:\n    match = re.search(r':(\\w+)/(\\w+)$', q)\nelse:\n"
        "    match = re.match(r'https://[^/]+/(\\w+)/(\\w+)', q)\nowner, name = match.groups()\n"
        "return f'{owner}/{name}'"
    ),
    "the group of a match by a compiled pattern": (
        "import re\nURL = re.compile(r'/(\\w+)$')\nfound = URL.search(q)\nreturn found.group(1)"
    ),
    "the tool's own items without repeats": "return list(dict.fromkeys(q.split(',')))",
    # a table's statistics and schema, not its rows
    "statistics of a table": (
        "import pandas as pd\ndf = pd.read_csv(q)\n"
        "return f\"{df['brand'].nunique()} brands, mean price {df['price'].mean():.2f}\""
    ),
    "the columns of a table": (
        "import pandas as pd\ndf = pd.read_csv(q)\n"
        "return json.dumps({'error': 'missing brand', 'available_columns': list(df.columns)})"
    ),
    "narrowed by its tokens": (
        "text = requests.get(q).text\nif len(encoding.encode(text)) > 4000:\n    return 'too long'\nreturn text"
    ),
    "narrowed when absent or short": (
        "text = requests.get(q).text\nif text is None or len(text) <= 100:\n    return text\nreturn 'too long'"
    ),
    "narrowed when a limit is set and the text is over it": (
        "text = requests.get(q).text\nif n and len(text) > n:\n    text = text[:n] + '... [truncated]'\nreturn text"
    ),
    "narrowed when short and more": (
        "text = requests.get(q).text\nif len(text) <= 100 and n:\n    return text\nreturn 'no'"
    ),
    "a head and tail cut that says so, after a test of its size": (
        "def cut(out, keep):\n    if out is None or len(out) <= 4000:\n        return out\n"
        "    note = f'[Output truncated. Original length: {len(out)} chars]'\n"
        "    return note + out[:keep] + '...' + out[-keep:]\n"
        "return cut(requests.get(q).text, 1000)"
    ),
    "a cut marked by what is added after it": (
        "text = requests.get(q).text\nout = 'Log:\\n'\nout += text[-500:]\n"
        "out += f'\\n[truncated from {len(text)} chars]'\nreturn out"
    ),
    "grown only while it is small": (
        "out = []\nfor item in requests.get(q).json():\n    if len(json.dumps(out)) < 20000:\n"
        "        out.append(item['title'][:100])\nreturn json.dumps(out)"
    ),
}

UNBOUNDED = {
    "the text of what a function of the tree returns": (
        "def fetch(u):\n    return requests.get(u).text\nreturn str(fetch(q))",
        "medium",  # through a helper (`Verdict.through`)
    ),
    "records over a range as long as a response": (
        "rows = requests.get(q).json()\nreturn [{'i': i} for i in range(len(rows))]",
        "medium",
    ),
    "http body": ("return requests.get(q).text", "high"),
    "a page parsed as yaml": ("import yaml\nreturn json.dumps(yaml.safe_load(requests.get(q).text))", "high"),
    "a file's hex, decoded": ("return bytes.fromhex(open(q).read()).decode('utf-8')", "high"),
    "http body through a variable": ("resp = requests.get(q)\nbody = resp.text\nreturn body", "high"),
    # in the `except` of a `try` that parsed the body as JSON (or checked the status), the body is
    # one that failed: an error page or a message, as after a failed status
    "body of a response that did not parse": (
        "resp = requests.get(q)\ntry:\n    data = resp.json()\nexcept ValueError:\n"
        "    data = {'text_response': resp.text}\nreturn data",
        "medium",
    ),
    "body of a response in the except of a try that did not check it": (
        "resp = requests.get(q)\ntry:\n    count = int(q)\nexcept ValueError:\n    return resp.text\nreturn str(count)",
        "high",
    ),
    # tested for being empty, a list is as large as ever when it is not
    "tested for being empty": (
        "rows = requests.get(q).json()\nif len(rows) == 0:\n    return 'none'\nreturn str(rows)",
        "medium",
    ),
    # a response of an unknown client is an HTTP body by its name; a model's answer is its text
    "body of a response of an unknown client": ("response = q.session.get(q)\nreturn response.text", "high"),
    "text of a model's answer named a response": ("response = llm.invoke(q)\nreturn response.content", "medium"),
    "text of a model's answer, made by a chat API": (
        "response = client.messages.create(model='m', messages=[])\nreturn response.content[0].text",
        "medium",
    ),
    "one unbounded branch": ("if n:\n    out = 'x'\nelse:\n    out = requests.get(q).text\nreturn out", "high"),
    # a field cut in place leaves the others as they were, and a cut on one branch only the rest
    "another field than the one cut in place": (
        "result = subprocess.run(q, capture_output=True, text=True)\nif len(result.stdout) > 5000:\n"
        "    result.stdout = result.stdout[:5000] + '... [OUTPUT TRUNCATED]'\nreturn result.stderr",
        "high",
    ),
    "a field cut in place on one branch only": (
        "result = subprocess.run(q, capture_output=True, text=True)\nif n:\n"
        "    result.stdout = result.stdout[:5000] + '... [OUTPUT TRUNCATED]'\nreturn result.stdout",
        "high",
    ),
    # tested for being set, a limit that is unset by default cuts nothing by default
    "a limit unset by default, tested for being set": (
        "def cut(text, limit=None):\n    if limit and len(text) > limit:\n"
        "        return text[:limit] + '... [truncated]'\n    return text\nreturn cut(requests.get(q).text)",
        "medium",  # through a helper: what it does is read, not run
    ),
    # a value tested for its shape beside being set (not a size against a limit it holds)
    "a range tested for its shape": (
        "rng = q.split('-')\nif rng and (len(rng) != 2 or rng[0] > rng[1]):\n    return 'bad range'\n"
        "return requests.get(q).text",
        "high",
    ),
    # the output of a command the model gives is surely large; of a program the code names that
    # prints a status, most often a line
    "output of the model's command": (
        "return subprocess.run(q, shell=True, capture_output=True, text=True).stdout",
        "high",
    ),
    "output of the model's command, split": (
        "import shlex\nreturn subprocess.run(shlex.split(q), capture_output=True, text=True).stdout",
        "high",
    ),
    "output of a script runner": ("return subprocess.check_output(['bash', '-c', q], text=True)", "high"),
    "output of a named program": (
        "return subprocess.run(['git', 'push', 'origin', q], capture_output=True, text=True).stdout",
        "low",
    ),
    "output of a named program, in a local": (
        "cmd = ['helm', 'lint', q]\ndone = subprocess.run(cmd, capture_output=True, text=True)\nreturn done.stdout",
        "low",
    ),
    "output of a named program in a line joined from words": (
        "return subprocess.check_output(' '.join(['ping', '-c', '4', q]), shell=True, text=True)",
        "low",
    ),
    "output of a line joined from words that prints what it reads": (
        "return subprocess.check_output(' '.join(['kubectl', 'logs', q]), shell=True, text=True)",
        "high",
    ),
    "output of a named program in a shell line": (
        "return subprocess.check_output(f'systemctl restart {q}', shell=True, text=True)",
        "low",
    ),
    "output of a named program in a %-formatted shell line": (
        "return subprocess.check_output('systemctl restart %s' % q, shell=True, text=True)",
        "low",
    ),
    "output of a named program in a .format shell line": (
        "return subprocess.check_output('systemctl restart {}'.format(q), shell=True, text=True)",
        "low",
    ),
    "output of a %-formatted shell line that prints what it reads": (
        "return subprocess.check_output('kubectl logs %s' % q, shell=True, text=True)",
        "high",
    ),
    "output of a container tool's subcommand that prints a status": (
        "return subprocess.run(['docker', 'push', q], capture_output=True, text=True).stderr",
        "low",
    ),
    "output of a container tool that runs a command": (
        "return subprocess.run(['docker', 'run', '--rm', 'alpine', q], capture_output=True, text=True).stdout",
        "high",
    ),
    "output of a script run through WSL": (
        "return subprocess.run(['wsl', 'bash', '-c', q], capture_output=True, text=True).stdout",
        "high",
    ),
    "output of a container tool's build": (
        "return subprocess.run(['docker', 'build', '-t', q, '.'], capture_output=True, text=True).stdout",
        "high",
    ),
    "output of a named program whose work the model's words say": (
        "return subprocess.run(['osqueryi', '--json', q], capture_output=True, text=True).stdout",
        "high",
    ),
    # ... unless the program prints a few lines whatever it is given
    "output of a lookup program given the model's words": (
        "return subprocess.run(['nslookup', q], capture_output=True, text=True).stdout",
        "low",
    ),
    "output of a lookup program given the model's words, run by a helper": (
        "def run(cmd):\n    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)\n"
        "    out, _ = proc.communicate()\n    return out\nreturn run(['nslookup', q])",
        "low",
    ),
    "output of a named program that prints what it lists": (
        "return subprocess.run(['git', 'log', '-n', str(n)], capture_output=True, text=True).stdout",
        "high",
    ),
    "output of a named program in a shell line, that prints what it reads": (
        "return subprocess.check_output(f'kubectl logs {q}', shell=True, text=True)",
        "high",
    ),
    "output of a named program whose subcommand names content": (
        "return subprocess.run(['deployctl', 'log', '--last'], capture_output=True, text=True).stdout",
        "high",
    ),
    # through a helper given the whole command: as large as what the program each call names prints
    "output of a named program, run by a helper": (
        "def run(cmd):\n    return subprocess.run(cmd, capture_output=True, text=True)\n"
        "return run(['git', 'branch', '--show-current']).stdout",
        "low",
    ),
    "output of a named program in a line joined from words, run by a helper": (
        "def run(cmd):\n    return subprocess.check_output(cmd, shell=True, text=True)\n"
        "return run(' '.join(['ping', '-c', '4', q]))",
        "low",
    ),
    "output of a named program, read by a helper": (
        "def run(cmd):\n    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)\n"
        "    out, _ = proc.communicate()\n    return out\nreturn run(f'virtctl pause vm {q}')",
        "low",
    ),
    # a helper that writes the program and takes the rest: as large as what each call's words make it
    "output of a program a helper names, given a subcommand that prints a status": (
        "def helm(*args):\n    return subprocess.run(['helm', *args], capture_output=True, text=True).stdout\n"
        "return helm('rollback', q, '--atomic')",
        "low",
    ),
    "output of a program a helper names, given a subcommand spread from a local": (
        "def helm(*args):\n    return subprocess.run(['helm', *args], capture_output=True, text=True).stdout\n"
        "words = ['rollback', q]\nreturn helm(*words)",
        "low",
    ),
    "output of a program a helper names, given a subcommand that prints a status, failing with a traceback": (
        "def helm(*args):\n    try:\n"
        "        return subprocess.run(['helm', *args], capture_output=True, text=True).stdout\n"
        "    except Exception:\n        return f'Error: {traceback.format_exc()}'\n"
        "return helm('rollback', q, '--atomic')",
        "low",
    ),
    # a helper that completes the command another one runs: judged by the words each call gives
    "output of a program two helpers write, given a subcommand that prints a status": (
        "def run(cmd):\n    return subprocess.run(cmd, capture_output=True, text=True).stdout\n"
        "def helm(*args):\n    return run(['helm', *args])\n"
        "return helm('rollback', q)",
        "low",
    ),
    "output of a program two helpers write, given a subcommand that prints what it reads": (
        "def run(cmd):\n    return subprocess.run(cmd, capture_output=True, text=True).stdout\n"
        "def helm(*args):\n    return run(['helm', *args])\n"
        "return helm('get', 'values', q)",
        "medium",
    ),
    "output of a program given apart from its words, that prints a status": (
        "def run(cmd, args):\n    return subprocess.run([cmd, *args], capture_output=True, text=True).stdout\n"
        "return run('helm', ['rollback', q])",
        "low",
    ),
    "output of a program given apart from its words, that prints what it reads": (
        "def run(cmd, args):\n    return subprocess.run([cmd, *args], capture_output=True, text=True).stdout\n"
        "return run('helm', ['get', 'values', q])",
        "medium",
    ),
    "output of a program a helper names, given a text of words that prints a status": (
        "def run(cmd, args):\n    return subprocess.run([cmd, *args], capture_output=True, text=True).stdout\n"
        "def kubectl(command):\n    return run('kubectl', [p for p in command.split(' ') if p])\n"
        "return kubectl(f'cordon {q}')",
        "low",
    ),
    "output of a program a helper names, given a text of words that prints what it reads": (
        "def run(cmd, args):\n    return subprocess.run([cmd, *args], capture_output=True, text=True).stdout\n"
        "def kubectl(command):\n    return run('kubectl', [p for p in command.split(' ') if p])\n"
        "return kubectl(f'logs {q}')",
        "medium",
    ),
    # a command's text that opens with `describe` is no SQL query for one table's columns
    "output of a program a helper names, given a text of words that describes a resource": (
        "def run(cmd, args):\n    return subprocess.run([cmd, *args], capture_output=True, text=True).stdout\n"
        "def kubectl(command):\n    return run('kubectl', [p for p in command.split(' ') if p])\n"
        "return kubectl(f'describe pods {q} -n default')",
        "medium",
    ),
    "output of a program a helper names, given a subcommand that prints what it reads": (
        "def helm(*args):\n    return subprocess.run(['helm', *args], capture_output=True, text=True).stdout\n"
        "return helm('get', 'values', q)",
        "medium",  # through a helper (`Verdict.through`)
    ),
    "output of a program a helper names, given a list that is no whole command": (
        "def git(args):\n    return subprocess.run(['git', *args], capture_output=True, text=True).stdout\n"
        "return git(['log', '-p'])",
        "medium",  # through a helper (`Verdict.through`)
    ),
    "output of a program that prints what it lists, run by a helper": (
        "def run(cmd):\n    return subprocess.check_output(cmd, text=True)\nreturn run(['git', 'log', '--stat'])",
        "medium",  # through a helper (`Verdict.through`)
    ),
    # a count of entries the code gives the program: a few commits or lines are short
    "output of a program asked for one entry": (
        "return subprocess.run(['git', 'log', '-1', '--pretty=%B'], capture_output=True, text=True).stdout",
        "low",
    ),
    "output of a program asked for a few entries, run by a helper": (
        "def run(cmd):\n    return subprocess.check_output(cmd, text=True)\nreturn run(['git', 'log', '-n', '5'])",
        "low",
    ),
    "output of a program asked for many entries": (
        "return subprocess.run(['git', 'log', '--max-count=500'], capture_output=True, text=True).stdout",
        "high",
    ),
    # an async helper that spreads the command it is given, and builds its result with a generic class
    "output of a named program, run by an async helper": (
        "async def run(cmd):\n    proc = await asyncio.create_subprocess_exec(*cmd, stdout=asyncio.subprocess.PIPE)\n"
        "    out, err = await proc.communicate()\n"
        "    return subprocess.CompletedProcess[bytes](args=cmd, returncode=0, stdout=out, stderr=err)\n"
        "return asyncio.run(run(['git', 'rev-parse', 'HEAD'])).stdout",
        "low",
    ),
    "output of the model's command, run by an async helper": (
        "async def run(cmd):\n    proc = await asyncio.create_subprocess_exec(*cmd, stdout=asyncio.subprocess.PIPE)\n"
        "    out, err = await proc.communicate()\n"
        "    return subprocess.CompletedProcess[bytes](args=cmd, returncode=0, stdout=out, stderr=err)\n"
        "return asyncio.run(run(q.split())).stdout",
        "high",
    ),
    "output of the model's command, run by a helper": (
        "def run(cmd):\n    return subprocess.check_output(cmd, shell=True, text=True)\n"
        "out = run(['git', 'status'])\nreturn out + run(q)",
        "medium",  # through a helper (`Verdict.through`)
    ),
    # a command a helper completes (a path, a context) from the words the code gives it
    "output of a status command a helper completes from its words": (
        "def build(command):\n    return command + ' --context prod'\n"
        "return subprocess.run(build(f'kubectl expose deployment {q}'), shell=True, capture_output=True, text=True).stdout",
        "low",
    ),
    "output of a content command a helper completes from its words": (
        "def build(command):\n    return command + ' --context prod'\n"
        "return subprocess.run(build(f'kubectl logs {q}'), shell=True, capture_output=True, text=True).stdout",
        "high",
    ),
    # (only the whole command: `["git", *args]` given `["log"]` runs `git log`)
    "output of a program a helper completes": (
        "def git(*args):\n    return subprocess.check_output(['git', *args], text=True)\nreturn git('log')",
        "medium",  # through a helper (`Verdict.through`)
    ),
    # (of a large text, a group is judged by its name: it may be a number or the whole page)
    "the groups of a match of a page": (
        "import re\nmatch = re.search(r'<body>(.*)</body>', requests.get(q).text)\nreturn match.group(1)",
        "medium",
    ),
    "what a compiled pattern finds in a page": (
        'import re\nLINK = re.compile(r\'href="([^"]+)"\')\nreturn LINK.findall(requests.get(q).text)',
        "high",
    ),
    # a local that holds another test says nothing of the size
    "a local test of something else": (
        "text = requests.get(q).text\nempty = len(q) > n\nreturn 'none' if empty else text",
        "high",
    ),
    # an API's parsed JSON is as often one record as a bulk of data: medium, and so is what is made of it
    "json dumps of unknown": ("data = requests.get(q).json()\nreturn json.dumps(data)", "medium"),
    "subprocess": ("return subprocess.run(q, capture_output=True, text=True).stdout", "high"),
    "environment": ("return dict(os.environ)", "medium"),  # a few KB as a rule, not a bulk of data
    "join over unknown": ("return '\\n'.join(requests.get(q).json())", "medium"),
    "comprehension over unknown": ("return [r['title'] for r in requests.get(q).json()]", "medium"),
    "list grown in a loop": ("out = []\nfor r in requests.get(q).json():\n    out.append(r)\nreturn out", "medium"),
    "join over a file's lines": ("return '\\n'.join(open(q).readlines())", "high"),
    "comprehension over a body's lines": ("return [x for x in requests.get(q).text.splitlines()]", "high"),
    "string grown in a while loop": ("s = ''\nwhile n:\n    s += q\nreturn s", "medium"),
    "unknown call": ("return client.search(q)", "medium"),
    "file read in a with block": ("with open(q) as f:\n    return f.read()", "high"),
    "str of unknown": ("return str(make_report(q))", "medium"),  # unknown: an id or a page
    "json of unknown": ("return json.dumps(make_report(q))", "medium"),
    "join over an unknown list": ("return ', '.join(make_client().list_names(q))", "medium"),
    "to_dict of an unknown object": ("return make_report(q).to_dict()", "medium"),
    "a marker added to what was not cut": (
        "text = requests.get(q).text\ntext += ' [truncated]'\nreturn text",
        "high",
    ),
    "large on one side of an and": (
        "text = requests.get(q).text\nif len(text) > 100 and n:\n    return 'too long'\nreturn text",
        "high",
    ),
    "grown while another value is small": (
        "out = []\nfor item in requests.get(q).json():\n    if len(q) < 20000:\n"
        "        out.append(item['title'][:100])\nreturn json.dumps(out)",
        "medium",
    ),
    "grown on the branch where it is large": (
        "out = []\nfor item in requests.get(q).json():\n    if len(json.dumps(out)) > 20000:\n"
        "        out.append(item['title'][:100])\nreturn json.dumps(out)",
        "medium",
    ),
}


@pytest.mark.parametrize("name", sorted(BOUNDED))
def test_bounded_returns_are_not_flagged(tmp_path, name):
    assert verdicts(tmp_path, BOUNDED[name]) == []


def test_helper_that_bounds_makes_the_tool_bounded(tmp_path):
    source = (
        HEADER + "def _helper(q):\n    return truncate_text(requests.get(q).text, max_chars=50)\n\n"
        '@tool\ndef t(q: str):\n    """T."""\n    return _helper(q)\n'
    )
    assert run_tree(tmp_path, {"mod.py": source}).findings == []


@pytest.mark.parametrize("name", sorted(UNBOUNDED))
def test_unbounded_returns_are_flagged_with_confidence(tmp_path, name):
    body, confidence = UNBOUNDED[name]
    assert verdicts(tmp_path, body, min_confidence="low") == [("BL001", confidence)]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # the source in the tool itself: `high`
        ("return subprocess.run(q, shell=True, capture_output=True, text=True).stdout", ("high", "")),
        # the same source in a helper the tool calls: named through it, and `medium`
        (
            "def run(cmd):\n    return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout\n"
            "return run(q)",
            ("medium", "via `run()`"),
        ),
        # ... also when what the tool builds from it names it (a join over the lines it gives)
        (
            "def run(cmd):\n    return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout\n"
            "return '\\n'.join(run(q).splitlines())",
            ("medium", "via `run()`"),
        ),
        # an element of the tuple a helper gives (`ok, out = run(q)`) is reached through it too
        (
            "def run(cmd):\n    r = subprocess.run(cmd, shell=True, capture_output=True, text=True)\n"
            "    return r.returncode == 0, r.stdout\n"
            "ok, out = run(q)\nreturn out",
            ("medium", "via `run()`"),
        ),
        # the helper's failure report in that element is `low`, as it is in a tool's own except
        (
            "def run(cmd):\n    try:\n        return True, str(cmd)\n    except Exception:\n"
            "        return False, f'Error: {traceback.format_exc()}'\n"
            "ok, out = run(q)\nreturn out",
            ("low", "via `run()`"),
        ),
        # of a source in the tool and one through a helper, the finding names the one in the tool
        (
            "def run(cmd):\n    return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout\n"
            "return run(q) + subprocess.run(q, shell=True, capture_output=True, text=True).stderr",
            ("high", ""),
        ),
    ],
)
def test_a_source_reached_through_a_helper_is_medium(tmp_path, body, expected):
    source = (
        HEADER + '@tool\ndef t(q: str, n: int = 5):\n    """T."""\n' + textwrap.indent(textwrap.dedent(body), "    ")
    )
    result = run_tree(tmp_path, {"mod.py": source}, min_confidence="low")
    found = [f for f in result.findings if f.code == "BL001"]
    confidence, named = expected
    assert [f.confidence for f in found][-1:] == [confidence]
    assert named in found[-1].message and ("via" in found[-1].message) == bool(named)


def test_message_names_the_source_and_its_line(tmp_path):
    source = (
        HEADER + '@tool\ndef fetch(url: str) -> str:\n    """F."""\n    resp = requests.get(url)\n'
        "    body = resp.text\n    return body\n"
    )
    result = run_tree(tmp_path, {"mod.py": source})
    (finding,) = result.findings
    assert finding.message == "`fetch` returns the response body `resp.text` (line 9) without a checkpoint"
    assert (finding.line, finding.column, finding.symbol) == (10, 5, "fetch")


def test_a_join_of_a_list_names_what_the_list_holds_and_where(tmp_path):
    # not only the local joined (`lines`): what makes it large, with its line
    source = (
        HEADER + '@tool\ndef digest(q: str) -> str:\n    """D."""\n    lines = ["Signals:"]\n'
        "    for signal in store.signals(q)[:4]:\n        lines.append(f'- {signal}')\n"
        "    return '\\n'.join(lines)\n"
    )
    result = run_tree(tmp_path, {"mod.py": source}, min_confidence="low")
    (finding,) = result.findings
    assert finding.message == (
        "`digest` returns a join over `lines`, which holds an item of `store.signals(q)[:4]` (line 9) "
        "without a checkpoint"
    )
    assert finding.line == 11
    assert finding.confidence == "low"  # one item of four, of a size nothing here says


@pytest.mark.parametrize(
    ("cut", "read", "named", "confidence"),
    [
        # an attribute known to hold content is judged by what it is
        ("retriever.invoke(q)[:5]", "d.page_content", "the document text `d.page_content`", "high"),
        # a field named for content, of one of a few items whose size nothing says: passed on as
        # it is, as sure as the list was; written into a line of text, most often a snippet
        ("client.search(q)[:3]", "d['body']", "an item of `client.search(q)[:3]`", "medium"),
        ("client.search(q)[:3]", "f\"- {d['body']}\"", "an item of `client.search(q)[:3]`", "low"),
    ],
)
def test_a_content_field_of_an_item_of_a_cut_is_judged_by_the_field(tmp_path, cut, read, named, confidence):
    source = (
        HEADER + f'@tool\ndef top(q: str) -> str:\n    """T."""\n    docs = {cut}\n'
        f"    return '\\n'.join({read} for d in docs)\n"
    )
    (finding,) = run_tree(tmp_path, {"mod.py": source}, min_confidence="low").findings
    assert named in finding.message and finding.confidence == confidence


def test_source_in_another_module_is_named_with_its_file(tmp_path):
    result = run_tree(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/http.py": "import requests\n\ndef get_text(url):\n    return requests.get(url).text\n",
            "pkg/tools.py": "from langchain_core.tools import tool\nfrom .http import get_text\n\n@tool\n"
            'def page(url: str) -> str:\n    """P."""\n    return get_text(url)\n',
        },
    )
    (finding,) = result.findings
    assert "via `get_text()`" in finding.message and "pkg/http.py:4" in finding.message


def test_silent_slice_is_bl004_not_bl001(tmp_path):
    assert verdicts(tmp_path, "return requests.get(q).text[:500]") == [("BL004", "high")]
    assert verdicts(tmp_path, "text = requests.get(q).text\ntext = text[-500:]\nreturn text") == [("BL004", "high")]
    # a bound the code sets is not the model's, though a local holds it beside the arguments
    bound_by_the_code = "lines = requests.get(q).text.splitlines()\nend = n + PAGE_SIZE\n"
    assert verdicts(tmp_path, bound_by_the_code + "return ''.join(lines[n:end])") == [("BL004", "high")]
    # the model's count, capped by the code below what it may ask for
    capped = "text = requests.get(q).text\nkept = max(200, min(n, 20000))\nreturn text[:kept]"
    assert verdicts(tmp_path, capped) == [("BL004", "high")]
    # a field of a local cut in place with no marker is read back as that cut
    in_place = (
        "import types\npage = types.SimpleNamespace()\npage.body = requests.get(q).text\npage.body = page.body[:2000]\n"
    )
    assert verdicts(tmp_path, in_place + "return page.body") == [("BL004", "high")]


@pytest.mark.parametrize(
    ("returned", "expected"),
    [
        ('{"emails": items[:10], "count": len(items)}', []),  # how many it held, beside the cut
        ('json.dumps({"status": "ok", "emails": items[:10], "results_count": len(items)})', []),
        ('{"emails": items[:50], "count": len(other)}', [("BL004", "high")]),  # another list's length
        ('{"emails": items[:50], "query": q}', [("BL004", "high")]),
        # a top few the code chooses to show is no cut of what the model asked for
        ('{"emails": items[:3], "query": q}', []),
    ],
)
def test_a_dict_that_says_how_many_a_cut_list_held_tells_of_the_cut(tmp_path, returned, expected):
    body = f"import json\nitems = requests.get(q).json()['items']\nother = []\nreturn {returned}"
    assert verdicts(tmp_path, body) == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("with open(q) as f:\n    return f.read(4000)", [("BL004", "high")]),
        ("with open(q) as f:\n    return f.read(size=4000)", [("BL004", "high")]),
        ("return requests.get(q, stream=True).raw.read(4000).decode()", [("BL004", "high")]),
        ("with open(q) as f:\n    return f.read(n)", []),  # the model's `n: int` asked for that much
        # a read in chunks, in a loop, reads it all
        (
            "parts = []\nwith open(q) as f:\n    while True:\n        chunk = f.read(4096)\n"
            "        if not chunk:\n            break\n        parts.append(chunk)\nreturn ''.join(parts)",
            [("BL001", "high")],
        ),
        ("with open(q) as f:\n    return f.read()", [("BL001", "high")]),
        ("with open(q) as f:\n    return f.read(-1)", [("BL001", "high")]),
        ("import zipfile\nreturn zipfile.ZipFile(q).read('notes.txt').decode()", [("BL001", "high")]),
    ],
)
def test_a_read_up_to_a_size_the_code_sets_is_a_silent_cut(tmp_path, body, expected):
    assert verdicts(tmp_path, body) == expected


@pytest.mark.parametrize("annotation", ["Annotated[int, Field(le=100_000)]", "Optional[int]", "int | None"])
def test_a_read_of_the_size_the_model_gives_is_what_it_asked_for(tmp_path, annotation):
    source = (
        "from typing import Annotated, Optional\nfrom pydantic import Field\n" + HEADER + "@tool\n"
        f"def read(path: str, size: {annotation} = 10_000) -> str:\n"
        '    """Read."""\n    with open(path) as f:\n        return f.read(size)\n'
    )
    result = run_tree(tmp_path, {"mod.py": source})
    assert result.errors == [] and result.findings == []


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # the marker is in a local the cut text is joined to
        (
            "lines = requests.get(q).text.splitlines(keepends=True)\n"
            "note = f'[{len(lines) - 50} lines of output truncated]\\n'\nreturn note + ''.join(lines[-50:])",
            [],
        ),
        # a name bound once, to itself and more: read once, not again and again
        ("q = q + '!'\nreturn q + requests.get(q).text[:50]", [("BL004", "high")]),
        # a local that holds no marker tells the model nothing
        (
            "lines = requests.get(q).text.splitlines(keepends=True)\n"
            "note = f'{len(lines)} lines:\\n'\nreturn note + ''.join(lines[-50:])",
            [("BL004", "high")],
        ),
        # a note set where it cuts, and left empty where it does not
        (
            "lines = requests.get(q).text.splitlines()\nif len(lines) > 500:\n    lines = lines[:500]\n"
            "    note = f'[TRUNCATED: showing first 500 of {n} lines]'\nelse:\n    note = ''\n"
            "return '\\n'.join(lines) + note",
            [],
        ),
        (
            "lines = requests.get(q).text.splitlines()\nif len(lines) > 500:\n    lines = lines[:500]\n"
            "    note = f'({n} lines)'\nelse:\n    note = ''\nreturn '\\n'.join(lines) + note",
            [("BL004", "high")],
        ),
        # a note added only when something was cut
        (
            "names = requests.get(q).text.splitlines()\nshown = names[:500]\n"
            "suffix = f'({len(names) - 500} more not shown)' if len(names) > 500 else ''\n"
            "return '\\n'.join(shown) + suffix",
            [],
        ),
        (
            "names = requests.get(q).text.splitlines()\nshown = names[:500]\n"
            "suffix = '\\n' if names else ''\nreturn '\\n'.join(shown) + suffix",
            [("BL004", "high")],
        ),
        # the note added, after the cut, only when the value was longer than the cut: when it
        # was not, the cut kept all of it
        (
            "MAX = 4000\nb = requests.get(q).content\ntext = b[:MAX].decode('utf-8', errors='replace')\n"
            "if len(b) > MAX:\n    text += f'... [truncated {len(b) - MAX} bytes]'\nreturn text",
            [],
        ),
        (
            "MAX = 4000\nlog = requests.get(q).text\ntail = log[-MAX:]\nif MAX < len(log):\n"
            "    tail = '[earlier lines truncated]\\n' + tail\nreturn tail",
            [],
        ),
        # a note held in a part of a header the cut is joined to
        (
            "lines = requests.get(q).text.splitlines()\nchunk = lines[:400]\n"
            "status = 'complete' if len(lines) <= 400 else f'TRUNCATED: 400 of {len(lines)} lines'\n"
            "header = f'[{q} | {status}]\\n'\nreturn header + '\\n'.join(chunk)",
            [],
        ),
        (
            "lines = requests.get(q).text.splitlines()\nchunk = lines[:400]\n"
            "status = 'complete' if len(lines) <= 400 else f'{len(lines)} lines'\n"
            "header = f'[{q} | {status}]\\n'\nreturn header + '\\n'.join(chunk)",
            [("BL004", "high")],
        ),
        # ... not a note written in place for another cut of the same text
        (
            "out = requests.get(q).text\ncode = requests.get(q + '/code').text\n"
            "return f\"Output: {out[:500]}\\nCode: {code[:500]}{'...' if len(code) > 500 else ''}\"",
            [("BL004", "high")],
        ),
        # ... or only when the part kept filled its window (a page of a longer text)
        (
            "text = requests.get(q).text\nkept = text[:5000]\npage = kept\nshown = len(kept)\n"
            "remaining = len(text) - shown\n"
            "if shown == 5000 and remaining > 0:\n    page += f'[truncated: {remaining} more characters]'\n"
            "return page",
            [],
        ),
        (
            "text = requests.get(q).text\nkept = text[:5000]\npage = kept\n"
            "if len(text) > 100:\n    page += '[truncated]'\nreturn page",
            [("BL004", "high")],
        ),
        # ... not when the test is of another size than the cut's
        (
            "MAX = 4000\nb = requests.get(q).content\ntext = b[:100].decode()\n"
            "if len(b) > MAX:\n    text += f'... [truncated {len(b) - MAX} bytes]'\nreturn text",
            [("BL004", "high")],
        ),
    ],
)
def test_a_marker_held_in_a_local_tells_of_the_cut(tmp_path, body, expected):
    assert verdicts(tmp_path, body) == expected


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        ("Sample keys", []),
        ("Preview", []),
        ("First 20 keys", []),
        ("Showing the keys", []),
        ("Keys", [("BL004", "high")]),  # a label that does not say it is a part
        ("Done.\\nLast output", []),  # on a line of its own
        ("Done.\\nLog tail", []),
        ("Done.\\nLast run", [("BL004", "high")]),
    ],
)
def test_a_label_that_says_the_model_sees_a_part_tells_of_the_cut(tmp_path, label, expected):
    body = f"keys = sorted(requests.get(q).json())\nreturn f'{label}: {{keys[:20]}}'"
    assert verdicts(tmp_path, body) == expected


def test_configured_checkpoint_with_tuple_unpacking(tmp_path):
    source = (
        HEADER + 'from mylib import clip\n\n@tool\ndef t(q: str):\n    """T."""\n'
        "    out, cut = clip(requests.get(q).json())\n    return out\n"
    )
    flagged = run_tree(tmp_path / "a", {"mod.py": source})
    assert [f.code for f in flagged.findings] == ["BL001"]
    clean = run_tree(tmp_path / "b", {"mod.py": source}, extend_checkpoints=["mylib.clip"])
    assert clean.findings == []


def test_bounded_decorator_and_small_annotations(tmp_path):
    source = HEADER + (
        "from boundlint_runtime import bounded\n\n"
        '@tool\n@bounded(max_chars=1000)\ndef a(q: str) -> str:\n    """A."""\n    return requests.get(q).text\n\n'
        '@tool\ndef b(q: str) -> int:\n    """B."""\n    return requests.get(q).json()[\'n\']\n\n'
        "def count(q) -> int:\n    return requests.get(q).json()['n']\n\n"
        '@tool\ndef c(q: str):\n    """C."""\n    return count(q)\n'
    )
    assert run_tree(tmp_path, {"mod.py": source}).findings == []


def test_content_and_artifact_only_checks_the_content(tmp_path):
    source = HEADER + (
        '@tool(response_format=\'content_and_artifact\')\ndef good(q: str):\n    """G."""\n'
        "    rows = requests.get(q).json()\n    return f'{len(rows)} rows', rows\n\n"
        '@tool(response_format=\'content_and_artifact\')\ndef bad(q: str):\n    """B."""\n'
        "    rows = requests.get(q).json()\n    return json.dumps(rows), rows\n"
    )
    result = run_tree(tmp_path, {"mod.py": source})
    assert [(f.code, f.symbol) for f in result.findings] == [("BL001", "bad")]


def test_a_strands_result_dict_is_judged_by_its_content(tmp_path):
    """Strands passes a returned `{"status": ..., "content": [...]}` on as its tool result, and the
    model is shown its `content`; the other keys stay with the application. Another framework's
    dict, or a Strands dict without both keys (made into `str(result)`), is judged whole."""
    result_dict = '{"status": "success", "content": [{"text": CONTENT}], "record": requests.get(url).json()}'
    source = (
        "import requests\nfrom strands import tool\nfrom langchain_core.tools import tool as lc_tool\n\n"
        + "".join(
            f"@{decorator}\ndef {name}(url: str) -> dict:\n    return {returned}\n\n"
            for decorator, name, returned in [
                ("tool", "summary", result_dict.replace("CONTENT", '"fetched"')),
                ("tool", "page", result_dict.replace("CONTENT", "requests.get(url).text")),
                ("tool", "no_status", '{"content": [{"text": "fetched"}], "record": requests.get(url).json()}'),
                ("lc_tool", "langchain", result_dict.replace("CONTENT", '"fetched"')),
            ]
        )
    )
    result = run_tree(tmp_path, {"mod.py": source}, min_confidence="low")
    assert sorted(f.symbol for f in result.findings if f.code == "BL001") == ["langchain", "no_status", "page"]


def test_content_and_artifact_of_a_tool_class_or_a_made_tool(tmp_path):
    # LangChain reads `response_format` from the class (`BaseTool` subclasses) or from
    # `StructuredTool.from_function(...)`: the artifact stays with the application.
    source = HEADER + (
        "from typing import Literal\nfrom langchain_core.tools import BaseTool, StructuredTool\n\n"
        "class Rows(BaseTool):\n    name: str = 'rows'\n    description: str = 'Rows.'\n"
        "    response_format: Literal['content', 'content_and_artifact'] = 'content_and_artifact'\n\n"
        "    def _run(self, q: str):\n        rows = requests.get(q).json()\n        return f'{len(rows)} rows', rows\n\n"
        "class Page(BaseTool):\n    name: str = 'page'\n    description: str = 'Page.'\n\n"
        "    def _run(self, q: str):\n        rows = requests.get(q).json()\n        return f'{len(rows)} rows', rows\n\n"
        "def fetch(q: str):\n    rows = requests.get(q).json()\n    return f'{len(rows)} rows', rows\n\n"
        "fetch_tool = StructuredTool.from_function(fetch, response_format='content_and_artifact')\n"
    )
    result = run_tree(tmp_path, {"mod.py": source})
    assert [(f.code, f.symbol) for f in result.findings] == [("BL001", "Page._run")]


def test_models_as_return_values(tmp_path):
    source = HEADER + (
        "from pydantic import BaseModel, Field\n\n"
        "class Small(BaseModel):\n    title: str = Field(max_length=100)\n\n"
        "class Big(BaseModel):\n    body: str\n\n"
        '@tool\ndef a(q: str) -> str:\n    """A."""\n    return Small(title=requests.get(q).text).model_dump_json()\n\n'
        '@tool\ndef b(q: str) -> str:\n    """B."""\n    return Big(body=requests.get(q).text).model_dump_json()\n'
    )
    result = run_tree(tmp_path, {"mod.py": source})
    assert sorted((f.code, f.symbol) for f in result.findings) == [("BL001", "b"), ("BL002", "Big.body")]


def test_bl001_judges_the_model_instance_by_what_it_is_built_from(tmp_path):
    source = HEADER + (
        "from pydantic import BaseModel\n\n"
        "class Weather(BaseModel):\n    city: str\n    forecast_text: str\n\n"
        '@tool\ndef small(city: str) -> Weather:\n    """S."""\n    return Weather(city=city, forecast_text="sunny")\n\n'
        '@tool\ndef built_large(city: str) -> Weather:\n    """L."""\n'
        "    return Weather(city=city, forecast_text=requests.get(city).text)\n\n"
        '@tool\ndef filled_later(city: str) -> Weather:\n    """F."""\n'
        '    weather = Weather(city=city, forecast_text="")\n    weather.forecast_text = requests.get(city).text\n    return weather\n'
    )
    result = run_tree(tmp_path, {"mod.py": source})
    bl001 = {f.symbol: f.message for f in result.findings if f.code == "BL001"}
    assert sorted(bl001) == ["built_large", "filled_later"]
    assert "requests.get(city).text" in bl001["built_large"]  # the part that makes it large, not the class
    # The contract is still reported, once per field named for prose (a city's name is short).
    assert sorted(f.symbol for f in result.findings if f.code == "BL002") == ["Weather.forecast_text"]


PASS_THROUGH = (
    HEADER
    + """
def fmt(x, prefix="Result: "):
    return f"{prefix}{x}"

def count(x):
    return f"{len(x)} chars"

def clip(x):
    return x[:100]

def as_text(row):
    return ", ".join(str(value) for value in row)

def first(*parts, **named):
    return parts[0] if parts else named.get("text")

class Formatter:
    def wrap(self, body, width=80):
        return body.strip()

FORMATTER = Formatter()

"""
)


@pytest.mark.parametrize(
    ("body", "codes"),
    [
        ("return fmt(requests.get(q).text)", ["BL001"]),
        ("return fmt(q)", []),
        ("return fmt('ok', prefix=requests.get(q).text)", ["BL001"]),
        ("return fmt(x=requests.get(q).text)", ["BL001"]),
        ("return count(requests.get(q).text)", []),
        ("return clip(requests.get(q).text)", ["BL004"]),
        ("return as_text([q])", []),  # the model's own value, joined
        ("return as_text(requests.get(q).json())", ["BL001"]),
        ("return clip(q)", []),  # a helper that cuts the model's own argument builds a label
        ("return f'job-{clip(q)}'", []),
        ("return first(requests.get(q).text)", ["BL001"]),
        ("return first(text=requests.get(q).text)", ["BL001"]),
        ("args = [requests.get(q).text]\n    return first(*args)", ["BL001"]),
        ("return FORMATTER.wrap(requests.get(q).text)", ["BL001"]),
        ("return FORMATTER.wrap(q, width=len(requests.get(q).text))", []),
    ],
)
def test_a_helper_that_passes_its_argument_through_is_as_large_as_that_argument(tmp_path, body, codes):
    source = PASS_THROUGH + f'@tool\ndef t(q: str) -> str:\n    """T."""\n    {body}\n'
    result = run_tree(tmp_path, {"mod.py": source})
    assert [f.code for f in result.findings if f.symbol == "t"] == codes


@pytest.mark.parametrize(
    ("body", "codes"),
    [
        ("return f'RF-{q[-4:]}'", []),  # a label built from the argument: nothing was lost
        ("return 'status: ' + 'unknown'[:3]", []),
        ("return requests.get(q).text[-400:]", ["BL004"]),
        ("return f'RF-{requests.get(q).text[:400]}'", ["BL004"]),
        # a handful of characters builds a label whatever it cuts (`sha[:7]`, `date[:10]`)
        ("return f'RF-{requests.get(q).text[:4]}'", []),
    ],
)
def test_bl004_only_where_the_value_was_unbounded_before_the_cut(tmp_path, body, codes):
    source = HEADER + f'@tool\ndef t(q: str) -> str:\n    """T."""\n    {body}\n'
    result = run_tree(tmp_path, {"mod.py": source})
    assert [f.code for f in result.findings] == codes


@pytest.mark.parametrize(
    ("body", "codes"),
    [
        # the note comes first, then the part it is about: the model is told
        (
            "lines = requests.get(q).text.split('\\n')\n    out = f'Total lines: {len(lines)}\\n'\n"
            "    out += f'... ({len(lines) - 20} lines omitted) ...\\n'\n    out += '\\n'.join(lines[-20:])\n"
            "    return out",
            [],
        ),
        (
            "lines = requests.get(q).text.split('\\n')\n    parts = ['[earlier lines truncated]']\n"
            "    parts.append('\\n'.join(lines[-20:]))\n    return '\\n'.join(parts)",
            [],
        ),
        # a note that carries a cut of its own says nothing of a later cut
        (
            "text = requests.get(q).text\n    out = ''\n    out += f'{text[:100]}... (truncated)'\n"
            "    out += text[-400:]\n    return out",
            ["BL004"],
        ),
        # no note at all
        (
            "lines = requests.get(q).text.split('\\n')\n    out = 'Output:\\n'\n"
            "    out += '\\n'.join(lines[-20:])\n    return out",
            ["BL004"],
        ),
    ],
)
def test_bl004_a_note_of_the_cut_written_before_the_part_kept_tells_the_model(tmp_path, body, codes):
    source = HEADER + f'@tool\ndef t(q: str) -> str:\n    """T."""\n    {body}\n'
    result = run_tree(tmp_path, {"mod.py": source})
    assert [f.code for f in result.findings] == codes


NOTE_THEN_ITEMS = """
import requests
from langchain_core.tools import tool


def fetch(owner: str, per_page: int = 30) -> list:
    return requests.get(f"https://api.example/{owner}/commits", params={"per_page": per_page}).json()


def listing(commits: list) -> str:
    lines = [f"Showing {len(commits)} commits"]
    for c in commits:
        lines.append(c["commit"]["message"].splitlines()[0][:80])
    return "\\n".join(lines)


@tool
def commits(owner: str) -> str:
    \"\"\"Commits.\"\"\"
    return listing(fetch(owner))
"""


def test_bl004_a_note_written_once_says_nothing_of_each_item_cut_in_a_loop_after_it(tmp_path):
    result = run_tree(tmp_path, {"mod.py": NOTE_THEN_ITEMS})
    assert [f.code for f in result.findings] == ["BL004"]


BUDGET_LOOPS = """
import subprocess
from langchain_core.tools import tool

def keep_within(text: str, max_bytes: int = 4000) -> str:
    kept = []
    used = 0
    for line in text.split("\\n"):
        size = len(line.encode()) + 1
        if used + size > max_bytes:
            break
        kept.append(line)
        used += size
    return "\\n".join(kept) + "\\n[output truncated]"

def first_lines(text: str) -> str:
    kept = []
    n = 0
    for line in text.split("\\n"):
        if n >= 20:
            break
        kept.append(line)
        n += 1
    return "\\n".join(kept) + "\\n[more lines omitted]"

def no_budget(text: str) -> str:
    kept = []
    for line in text.split("\\n"):
        kept.append(line)
    return "\\n".join(kept)

@tool
def run(cmd: str) -> str:
    \"\"\"Run.\"\"\"
    return keep_within(subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout)

@tool
def head(cmd: str) -> str:
    \"\"\"Head.\"\"\"
    return first_lines(subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout)

@tool
def raw(cmd: str) -> str:
    \"\"\"Raw.\"\"\"
    return no_budget(subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout)
"""


def test_a_loop_that_keeps_what_fits_a_size_budget_is_bounded(tmp_path):
    result = run_tree(tmp_path, {"tools.py": BUDGET_LOOPS})
    # `keep_within` measures each line against the budget before keeping it; `first_lines` keeps
    # 20 lines of any length; `no_budget` keeps everything.
    assert sorted(f.symbol for f in result.findings if f.code == "BL001") == ["head", "raw"]


TUPLES = """
import requests
from langchain_core.tools import tool

def fetch(url):
    try:
        return requests.get(url).text, None
    except Exception as e:
        return "", f"error: {e}"

def fetch_with(url, note):
    return requests.get(url).text, note

@tool
def error_only(url: str) -> str:
    \"\"\"E.\"\"\"
    text, error = fetch(url)
    if error:
        return error
    return "ok"

@tool
def text_too(url: str) -> str:
    \"\"\"T.\"\"\"
    text, error = fetch(url)
    return error or text

@tool
def by_index(url: str) -> str:
    \"\"\"I.\"\"\"
    return str(fetch(url)[1])

@tool
def passed_note(url: str) -> str:
    \"\"\"P.\"\"\"
    _, note = fetch_with(url, requests.get(url).text)
    return note
"""


def test_each_element_of_a_returned_tuple_keeps_its_own_verdict(tmp_path):
    result = run_tree(tmp_path, {"tools.py": TUPLES})
    # `error_only` and `by_index` return the short half; `text_too` the page; `passed_note` the
    # half that the call filled with a page.
    assert sorted(f.symbol for f in result.findings if f.code == "BL001") == ["passed_note", "text_too"]


NESTED = """
import requests
from langchain_core.tools import tool

@tool
def short(url: str) -> str:
    \"\"\"S.\"\"\"
    def _err(msg):
        return f"error: {msg}"
    if not url:
        return _err("no url")
    return _err(url)

@tool
def long(url: str) -> str:
    \"\"\"L.\"\"\"
    def _body():
        return requests.get(url).text
    return _body()
"""


def test_a_helper_defined_inside_the_tool_is_followed(tmp_path):
    result = run_tree(tmp_path, {"tools.py": NESTED})
    findings = [f for f in result.findings if f.code == "BL001"]
    assert [f.symbol for f in findings] == ["long"]
    assert "requests.get(url).text" in findings[0].message  # the culprit, not "the result of `_body()`"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # the lines of a file, kept up to a count: that many lines, each as short as a record
        (
            "out = []\nwith open(q) as f:\n    for line in f:\n        if 'ERROR' in line:\n"
            "            out.append(line)\n            if len(out) >= n:\n                break\nreturn ''.join(out)",
            [("BL001", "low")],
        ),
        ("with open(q) as f:\n    return next(f)", [("BL001", "low")]),  # the first line
        # every line kept, or the file joined back: the file
        (
            "out = []\nwith open(q) as f:\n    for line in f:\n        if 'ERROR' in line:\n"
            "            out.append(line)\nreturn ''.join(out)",
            [("BL001", "high")],
        ),
        ("with open(q) as f:\n    return ''.join(f)", [("BL001", "high")]),
        ("with open(q) as f:\n    return '\\n'.join([line.strip() for line in f])", [("BL001", "high")]),
    ],
)
def test_a_line_of_a_file_is_short_and_its_lines_are_the_file(tmp_path, body, expected):
    assert verdicts(tmp_path, body, min_confidence="low") == expected


@pytest.mark.parametrize(("declared", "flagged"), [("Field(ge=1, le=10)", False), ("Field(ge=1)", True)])
def test_a_range_of_a_parameter_the_schema_bounds_is_a_few_turns(tmp_path, declared, flagged):
    """`range(1, level + 3)` where the schema says `level <= 10`: at most a dozen records, as the
    framework validates the model's arguments; without that bound the model says how many."""
    source = (
        "from typing import Annotated\nfrom pydantic import Field\n" + HEADER + "@tool\n"
        f"def t(level: Annotated[int, {declared}]):\n"
        '    """T."""\n    return [{"n": i, "v": i * 2} for i in range(1, level + 3)]\n'
    )
    found = [f.code for f in run_tree(tmp_path, {"mod.py": source}, min_confidence="low").findings]
    assert found == (["BL001"] if flagged else [])


PALETTE = '''from langchain_core.tools import tool
from colours import to_hex


@tool
def palette(base: str, count: int) -> list:
    """Colours."""
{guard}
    colors = []
    remaining = count - 2
    for i in range(remaining):
        colors.append(to_hex(base, i))
    return colors
'''


@pytest.mark.parametrize(
    ("guard", "expected"),
    [
        ("", ["medium"]),
        # a test that leaves the tool when the count is over a page: past it, the count is at most that
        ("if not 2 <= count <= 10:\n    raise ValueError('count')", []),
        ("if count < 2 or count > 50:\n    return ['count must be 2 to 50']", []),
        ("try:\n    if count > 50:\n        raise ValueError('count')\nexcept TypeError:\n    pass", []),
        ("if count > 50: raise ValueError('count')", []),  # on one line
        # a test that does not leave, or leaves from one branch only, or a cap of more than a page
        ("if count > 50:\n    print('many')", ["medium"]),
        ("if base:\n    if count > 50:\n        raise ValueError('count')", ["medium"]),
        ("if count > 5000:\n    raise ValueError('count')", ["medium"]),
        # assigned past the test: what it tested is not what is used
        ("if count > 50:\n    raise ValueError('count')\ncount = count * 1000", ["medium"]),
    ],
)
def test_a_count_the_tool_refuses_over_a_cap_is_at_most_that_cap(tmp_path, guard, expected):
    source = PALETTE.format(guard=textwrap.indent(guard, "    "))
    result = run_tree(tmp_path, {"mod.py": source})
    assert [f.confidence for f in result.findings if f.code == "BL001"] == expected
