package br.suite.imports.reader;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * An OFX aggregate as {@link OfxMarkup} reads it: its elements (the first value of each
 * name) and its child aggregates.
 */
final class OfxNode {

	private final String name;

	private final int line;

	private final Map<String, String> elements = new LinkedHashMap<>();

	private final List<OfxNode> children = new ArrayList<>();

	OfxNode(String name, int line) {
		this.name = name;
		this.line = line;
	}

	String name() {
		return this.name;
	}

	int line() {
		return this.line;
	}

	List<OfxNode> children() {
		return this.children;
	}

	Map<String, String> elements() {
		return this.elements;
	}

	@Nullable String value(String element) {
		return this.elements.get(element);
	}

	/** The first child aggregate (depth first) with one of the names. */
	@Nullable OfxNode first(List<String> names) {
		for (OfxNode child : this.children) {
			if (names.contains(child.name)) {
				return child;
			}
			OfxNode deeper = child.first(names);
			if (deeper != null) {
				return deeper;
			}
		}
		return null;
	}

	/**
	 * Every descendant aggregate with one of the names, in file order, not nested.
	 */
	List<OfxNode> all(List<String> names) {
		List<OfxNode> found = new ArrayList<>();
		collect(names, found);
		return found;
	}

	private void collect(List<String> names, List<OfxNode> found) {
		for (OfxNode child : this.children) {
			if (names.contains(child.name)) {
				found.add(child);
			}
			else {
				child.collect(names, found);
			}
		}
	}

}
