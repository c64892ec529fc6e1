"""What the user set for bpfbuild's options, in every spelling Meson takes,
against what is in effect: prints one line per option, "NAME -DSPELLING"
(the -D prefix that reaches it: -DNAME where the main project declares
NAME, which bpfbuild then yields to, else -DSUBPROJECT:NAME), then one
line naming the first given option that is not in effect (and the
spelling to use), if any.

Usage: given-options.py SUBPROJECT BUILD_ROOT MAIN_SOURCE_ROOT
                        [NAME KIND COUNT VALUE...]...
       (the options in effect; COUNT values: 1, or an array's length)

Meson up to 1.7 hides a subproject's option behind a consumer's option of
the same name (bpfbuild's options yield), with no word: -Dbpfbuild:NAME=V,
in any syntax, on this command line or an earlier one (cmd_line.txt), and
[bpfbuild:project options] in the machine files.  Run by the build
machine's python3 (Meson's own language), this reads them as Meson does
(coredata.py, machinefile.py).
"""
import ast
import configparser
import os
import re
import sys


def listify(text):
    """A -D value for an array option, as Meson's UserArrayOption takes it."""
    if text.startswith('['):
        try:
            return [str(v) for v in ast.literal_eval(text)]
        except (ValueError, SyntaxError, TypeError):
            return None  # Meson refuses it itself
    return [] if text == '' else [v.strip() for v in text.split(',')]


def normal(kind, value):
    """A given value (a -D string, or a machine file's typed one) as the
    effective one is passed: a list for an array, else a string."""
    if kind == 'array':
        return value if isinstance(value, list) else listify(str(value))
    if isinstance(value, bool) or kind == 'boolean':
        return str(value).lower()
    return str(value)


def parser():
    p = configparser.ConfigParser(delimiters=['='], interpolation=None)
    p.optionxform = str
    return p


def evaluate(node, scope):
    """A machine-file value: Meson's literals, constants, + and /."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, int)):
        return node.value
    if isinstance(node, ast.Name):
        return {'true': True, 'false': False}.get(node.id, scope.get(node.id))
    if isinstance(node, ast.List):
        return [evaluate(e, scope) for e in node.elts]
    if isinstance(node, ast.BinOp):
        left, right = evaluate(node.left, scope), evaluate(node.right, scope)
        if isinstance(node.op, ast.Add) and type(left) is type(right) and isinstance(left, (str, list)):
            return left + right
        if isinstance(node.op, ast.Div) and isinstance(left, str) and isinstance(right, str):
            return os.path.join(left, right)
    raise ValueError


def machine_values(files, section):
    """{NAME: (value, text, file)} of SECTION in the machine files, which
    Meson reads as one (a later file wins), with their [constants]."""
    p = parser()
    where = {}
    for f in files:
        one = parser()
        try:
            one.read(f, encoding='utf-8')
        except (OSError, configparser.Error):
            continue
        if one.has_section(section):
            where.update({k: f for k in one.options(section)})
    try:
        p.read(files, encoding='utf-8')
    except configparser.Error:
        return {}
    if not p.has_section(section):
        return {}
    scope = {}
    if p.has_section('constants'):
        for k, text in p.items('constants'):
            try:
                scope[k] = evaluate(ast.parse(text.replace('\\', '\\\\').strip(), mode='eval').body, scope)
            except (ValueError, SyntaxError):
                pass
    out = {}
    for k, text in p.items(section):
        try:
            value = evaluate(ast.parse(text.replace('\\', '\\\\').strip(), mode='eval').body, scope)
        except (ValueError, SyntaxError):
            value = None  # not read: stop rather than guess
        out[k] = (value, text.strip(), where.get(k, files[-1]))
    return out


def machine_file(name, cwd):
    """A --native-file/--cross-file argument as Meson finds it."""
    f = os.path.expanduser(os.path.expandvars(name))
    if os.path.isfile(os.path.join(cwd, f)):
        return os.path.join(cwd, f)
    homes = [os.environ.get('XDG_DATA_HOME', os.path.expanduser('~/.local/share'))]
    homes += os.environ.get('XDG_DATA_DIRS', '/usr/local/share:/usr/share').split(':')
    for kind in ('native', 'cross'):
        for h in homes:
            if os.path.isfile(os.path.join(h, 'meson', kind, f)):
                return os.path.join(h, 'meson', kind, f)
    return f


def this_command_line():
    """The -D options and machine files of the meson running us."""
    ppid = os.getppid()
    try:
        with open('/proc/%d/cmdline' % ppid, 'rb') as f:
            argv = f.read().decode('utf-8', 'surrogateescape').split('\0')
        cwd = os.readlink('/proc/%d/cwd' % ppid)
    except OSError:
        return [], {}
    defines, files = [], {'native_file': [], 'cross_file': []}
    i = 0
    while i < len(argv):
        a, nxt = argv[i], argv[i + 1] if i + 1 < len(argv) else ''
        for opt in ('--native-file', '--cross-file'):
            key = opt[2:].replace('-', '_')
            if a == opt:
                files[key].append(machine_file(nxt, cwd))
                i += 1
            elif a.startswith(opt + '='):
                files[key].append(machine_file(a[len(opt) + 1:], cwd))
        if a == '-D':
            defines.append(nxt)
            i += 1
        elif a.startswith('-D'):
            defines.append(a[2:])
        i += 1
    return defines, files


def main_declares(root):
    """The option names the main project's options file declares (Meson
    1.1 reads meson.options first)."""
    for name in ('meson.options', 'meson_options.txt'):
        try:
            with open(os.path.join(root, name), encoding='utf-8') as f:
                return set(re.findall(r"""\boption\s*\(\s*['"]([^'"]+)['"]""", f.read()))
        except OSError:
            continue
    return set()


def main(argv):
    sub, build_root, main_root, rest = argv[1], argv[2], argv[3], argv[4:]
    effective, kinds = {}, {}
    while rest:
        name, kind, count = rest[0], rest[1], int(rest[2])
        values = rest[3:3 + count]
        kinds[name] = kind
        effective[name] = values if kind == 'array' else values[0]
        rest = rest[3 + count:]
    yielded = main_declares(main_root)
    for name in effective:
        print('%s -D%s%s' % (name, '' if name in yielded else sub + ':', name))

    # Earlier sources first; a later one replaces (Meson: -D over files).
    saved = parser()
    try:
        saved.read(os.path.join(build_root, 'meson-private', 'cmd_line.txt'), encoding='utf-8')
    except configparser.Error:
        pass
    defines, files = this_command_line()
    for key in ('native_file', 'cross_file'):
        if not files[key] and saved.has_option('properties', key):
            try:
                files[key] = [str(f) for f in ast.literal_eval(saved.get('properties', key))]
            except (ValueError, SyntaxError):
                pass
    # Project options come from the host machine's files: the cross files
    # in a cross build, else the native ones.
    machine = files['cross_file'] or files['native_file']
    given = {}
    section = sub + ':project options'
    for name, (value, text, f) in machine_values(machine, section).items():
        given[name] = (value, '[%s] %s = %s in %s' % (section, name, text, f), 'set it under [project options] instead')
    for name, text in (saved.items('options') if saved.has_section('options') else []):
        defines.insert(0, name + '=' + text)
    for d in defines:
        name, _, text = d.partition('=')
        if name.startswith(sub + ':'):
            name = name[len(sub) + 1:]
            given[name] = (text, '-D%s:%s=%s' % (sub, name, text), 'pass -D%s=%s instead' % (name, text))

    for name, (value, spelling, fix) in given.items():
        if name not in effective:
            continue
        shown = effective[name]
        if kinds[name] == 'array':
            shown = '[' + ', '.join(repr(v) for v in shown) + ']'
        if value is None:
            print('bpfbuild: %s cannot be read by bpfbuild, which must check that it takes effect; '
                  'write it as a plain value' % spelling)
            return
        if normal(kinds[name], value) != effective[name]:
            print('bpfbuild: %s does not take effect: this project declares its own option %s (%s), '
                  'which bpfbuild follows; %s' % (spelling, name, shown if kinds[name] == 'array' else "'%s'" % shown, fix))
            return


main(sys.argv)
