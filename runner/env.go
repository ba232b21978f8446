package runner

import (
	"fmt"
	"sort"
	"strings"
)

// engineEnv turns the user's environment into the engine's: variables
// that would change how tfkit's own arguments are read (TF_CLI_ARGS*,
// TF_INPUT, TF_WORKSPACE, TF_REATTACH_PROVIDERS, ...) or where the engine
// keeps a stack's data (TF_DATA_DIR: each stack keeps its own .terraform in
// its working directory) are dropped, and
// TF_IN_AUTOMATION is set, as the engine's output is read by tfkit. The
// TF_VAR_ variables are returned by name (without the prefix) for Plan to
// pass as -var options those the stack declares (see varOptions). The
// logging variables go through only with TF_LOG_PATH: without it the
// engine's log would mix with its output. Everything else,
// TF_CLI_CONFIG_FILE, TF_PLUGIN_CACHE_DIR and credentials included, goes
// to the engine unchanged. Later entries win, as in exec.Cmd; the result
// is sorted, so that the engine sees the same environment every time.
func engineEnv(environ []string) (env []string, vars map[string]string) {
	all := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			all[k] = v
		}
	}
	vars = map[string]string{}
	for k, v := range all {
		if name, ok := strings.CutPrefix(k, "TF_VAR_"); ok && name != "" {
			vars[name] = v
		}
	}
	logging := all["TF_LOG_PATH"] != ""
	for k := range all {
		switch {
		case strings.HasPrefix(k, "TF_VAR_"), k == "TF_CLI_ARGS", strings.HasPrefix(k, "TF_CLI_ARGS_"),
			k == "TF_INPUT", k == "TF_IN_AUTOMATION", k == "TF_WORKSPACE", k == "TF_REATTACH_PROVIDERS", k == "TF_DATA_DIR",
			k == "TF_DISABLE_PLUGIN_TLS", k == "TF_SKIP_PROVIDER_VERIFY", k == "TF_APPEND_USER_AGENT":
			delete(all, k)
		case k == "TF_LOG", k == "TF_LOG_PATH", k == "TF_LOG_CORE", k == "TF_LOG_PROVIDER":
			if !logging {
				delete(all, k)
			}
		}
	}
	all["TF_IN_AUTOMATION"] = "1"
	env = make([]string, 0, len(all))
	for k, v := range all {
		env = append(env, k+"="+v)
	}
	sort.Strings(env)
	return env, vars
}

// CheckEnv reports what of the user's environment the engine will not see
// as it would when run directly: an error for TF_WORKSPACE (tfkit would
// silently use another workspace's state), warnings for the rest.
func CheckEnv(environ []string) (warnings []string, err error) {
	seen := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			seen[k] = v
		}
	}
	if seen["TF_WORKSPACE"] != "" {
		return nil, fmt.Errorf("TF_WORKSPACE=%s is set, but tfkit keeps one state per stack and does not select workspaces; unset it, or use another output directory (--out) for another environment", seen["TF_WORKSPACE"])
	}
	var dropped []string
	for k, v := range seen {
		if v != "" && (k == "TF_CLI_ARGS" || strings.HasPrefix(k, "TF_CLI_ARGS_")) {
			dropped = append(dropped, k)
		}
	}
	sort.Strings(dropped)
	for _, k := range dropped {
		warnings = append(warnings, fmt.Sprintf("%s is ignored: tfkit passes the engine's arguments itself", k))
	}
	if seen["TF_DATA_DIR"] != "" {
		// One data directory for every stack would mix their backends,
		// modules and providers: an init of one stack undoes another's.
		warnings = append(warnings, "TF_DATA_DIR is ignored: each stack keeps the engine's data (.terraform) in its own working directory under .tfkit")
	}
	if seen["TF_LOG"] != "" && seen["TF_LOG_PATH"] == "" {
		warnings = append(warnings, "TF_LOG is ignored without TF_LOG_PATH: the engine's log would mix with its output")
	}
	return warnings, nil
}
