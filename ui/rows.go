// How the settings and health panels draw lab's items: the settings each with its label dim,
// the health items each as a phrase. What the items say is lab's (lab.SettingsItems,
// lab.HealthItems): the core's and each mechanism's.

package ui

import "poollab/lab"

// settingsItems writes items as the settings panel shows them: each label dim.
func (t *theme) settingsItems(items []lab.Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = t.dim.Render(it.Label+" ") + it.Value
	}
	return out
}

// phrases writes items as the health panel shows them: each its label, then its value.
func phrases(items []lab.Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Phrase()
	}
	return out
}
