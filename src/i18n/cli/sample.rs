//! The names of a simulated event (`bianpai simulate`): surnames, given names, clubs and the
//! teams' cities. They are the event's data, Chinese in either output language (the simulated
//! event is a Chinese one, as the printouts of a real one are), kept here because they are
//! Chinese text a person reads on every page of it.

/// Surnames, one per player in turn.
pub const SURNAMES: [&str; 24] = [
    "王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "胡", "朱", "高", "林",
    "何", "郭", "马", "罗", "梁", "宋", "郑", "谢",
];

/// Given names, used up before the one-character pairs.
pub const GIVEN: [&str; 24] = [
    "伟", "芳", "娜", "敏", "静", "强", "磊", "军", "洋", "勇", "艳", "杰", "涛", "明", "超",
    "秀英", "华", "建国", "志强", "海燕", "国平", "天宇", "子涵", "一鸣",
];

/// One-character given names, two of which make a three-character name once the
/// two-character ones are used up.
pub const GIVEN_ONE: [&str; 20] = [
    "晓", "春", "文", "德", "金", "玉", "宏", "振", "海", "光", "子", "立", "世", "永", "红", "兰",
    "俊", "凯", "鹏", "辉",
];

/// The players' clubs.
pub const CLUBS: [&str; 8] = [
    "棋鼓铭心",
    "深圳棋院",
    "宝安少儿",
    "金湖象协",
    "淮安棋社",
    "吕良棋校",
    "航天俱乐部",
    "清江浦",
];

/// Team names of a team match event (城市联赛).
const CITIES: [&str; 16] = [
    "杭州", "上海", "北京", "广州", "深圳", "成都", "武汉", "南京", "西安", "重庆", "天津", "苏州",
    "长沙", "郑州", "青岛", "厦门",
];

/// The `n`-th team of an individual event's team standings (团体1, 团体2, …).
pub fn standings_team(n: u32) -> String {
    format!("团体{n}")
}

/// The `i`-th team (from 0) of a team match event: a city's team, past the list 第N队.
pub fn city_team(i: u32) -> String {
    CITIES
        .get(i as usize)
        .map_or_else(|| format!("第{}队", i + 1), |c| format!("{c}队"))
}
