package ui

// helpLines is helpText's lines alone, for tests that read the help whole.
func helpLines(t *theme, km keyMap, w int) []string {
	lines, _ := helpText(t, km, w)
	return lines
}
